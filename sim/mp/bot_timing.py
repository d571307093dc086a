"""Time per decision of one bot or level over a whole match, on CPython or MicroPython.

usage: bot_timing.py PRESET BOT_OR_LEVEL SEED [PLAYS]

All four seats play with the named bot (``random``, ``greedy``, ...) or difficulty level
(``easy``, ``normal``, ``hard``, ``desktop``; see engine/bots/levels.py). Prints
``moves N median_us M max_us X``: microseconds per ``choose`` call over the match.

With PLAYS (default 1) the same match is played that many times, the bots made again with
the same seeds, and each decision's time is the least of its PLAYS: the bots are sized by
iterations (their deadlines are a board's, never reached here), so every play makes the same
decisions, and the least time is the bot's own, without what the machine's other work added
to one sample. A play that makes other moves is refused.
"""

import gc
import sys
from array import array

from engine import observe
from engine.bots import BOT_NAMES, make_bot
from engine.bots.levels import LEVELS, make_level_bot
from engine.clock import ticks_diff, ticks_us
from engine.moves import MAX_MOVES
from engine.play import play_match
from engine.rules import Rules
from engine.state import State

_MAX_DECISIONS = 2000


class Timed:
    """Wraps a bot and records how long each decision takes, and the move."""

    def __init__(self, bot, times) -> None:
        self.bot = bot
        self.times = times
        self.needs_observation = bot.needs_observation

    def reset(self, seed) -> None:
        self.bot.reset(seed)

    def choose(self, obs, moves, count):
        start = ticks_us()
        move = self.bot.choose(obs, moves, count)
        times = self.times
        if times.count < _MAX_DECISIONS:
            times.micros[times.count] = ticks_diff(ticks_us(), start)
            times.moves[times.count] = move
            times.count += 1
        return move

    def wants_declare(self, obs):
        return self.bot.wants_declare(obs)


class Times:
    def __init__(self) -> None:
        self.micros = array("i", [0] * _MAX_DECISIONS)
        self.moves = array("i", [0] * _MAX_DECISIONS)
        self.count = 0


def play(rules, name, seed, times) -> None:
    """One match of four ``name`` bots, timed into ``times``."""
    times.count = 0
    gc.collect()  # the last play's bots: the master bot's buffers are large
    bots = []
    for seat in range(4):
        if name in LEVELS:
            bot = make_level_bot(name, rules, seed * 4 + seat)
        elif name in BOT_NAMES:
            bot = make_bot(name, rules, seed * 4 + seat)
        else:
            raise ValueError("unknown bot or level %r" % name)
        bots.append(Timed(bot, times))
    state = State(rules, seed)
    state.new_match(seed)
    play_match(state, bots, [0] * MAX_MOVES, bytearray(observe.SIZE))


def main(argv) -> None:
    preset, name, seed = argv[1], argv[2], int(argv[3])
    plays = int(argv[4]) if len(argv) > 4 else 1
    rules = Rules(preset)
    least = Times()
    times = Times()
    play(rules, name, seed, least)
    for _ in range(plays - 1):
        play(rules, name, seed, times)
        if times.count != least.count or times.moves != least.moves:
            raise RuntimeError("a play of the same match made other moves")
        for i in range(least.count):
            least.micros[i] = min(least.micros[i], times.micros[i])
    micros = sorted(least.micros[i] for i in range(least.count))
    print("moves %d median_us %d max_us %d" % (len(micros), micros[len(micros) // 2], micros[-1]))


main(sys.argv)
