"""Complete matches under ``micropython.heap_lock()``, runnable on CPython and MicroPython.

usage: play_matches.py PRESET[,PRESET...] MATCHES SEED BOTS [plays]

For each preset, plays MATCHES matches (seeds SEED, SEED+1, ...) with the bots named in BOTS
(four names joined by commas) through ``engine.play.play_match``. The heap stays locked from
before the first deal to the end of each match: dealing, move generation, play, ``undo`` (every
legal move is applied and undone before each decision), observation, hand scoring and match
bookkeeping all run inside the lock. A MemoryError there means the engine allocated.

Prints one line per match: ``preset seed hands score0 score1 winner``, followed, with
``plays``, by the cards played in order, so runs on different runtimes can be compared.
"""

import sys

from engine import observe
from engine.bots import make_bot
from engine.moves import MAX_MOVES
from engine.play import play_match
from engine.rules import Rules
from engine.state import State

try:
    from micropython import heap_lock, heap_unlock
except ImportError:  # CPython: nothing to lock, the same plays come out

    def heap_lock():
        pass

    def heap_unlock():
        pass


_MAX_PLAYS = 4000  # cards played in one match, kept for printing after the lock


class UndoProbe:
    """Wraps a bot: before each decision, applies and undoes every legal move."""

    def __init__(self, bot, state) -> None:
        self.bot = bot
        self.state = state
        self.needs_observation = bot.needs_observation

    def reset(self, seed: int) -> None:
        self.bot.reset(seed)

    def choose(self, obs, moves, count: int) -> int:
        state = self.state
        for i in range(count):
            state.apply(moves[i])
            state.undo()
        return self.bot.choose(obs, moves, count)

    def wants_declare(self, obs) -> bool:
        return self.bot.wants_declare(obs)


class PlayLog:
    """A listener that stores the cards played, without allocating."""

    def __init__(self) -> None:
        self.plays = bytearray(_MAX_PLAYS)
        self.count = 0
        self.hands = 0

    def redeal(self, state, reason) -> None:
        pass

    def deal(self, state) -> None:
        pass

    def play(self, state, move) -> None:
        if self.count < _MAX_PLAYS:
            self.plays[self.count] = move & 63
            self.count += 1

    def declare(self, state, seat, held) -> None:
        pass

    def hand_end(self, state) -> None:
        self.hands += 1

    def match_end(self, state) -> None:
        pass


def run(preset, matches, seed, bot_names, show_plays) -> None:
    rules = Rules(preset)
    state = State(rules)
    bots = [UndoProbe(make_bot(name, rules, seat + 1), state)
            for seat, name in enumerate(bot_names)]
    moves = [0] * MAX_MOVES
    obs = bytearray(observe.SIZE)
    log = PlayLog()
    for index in range(matches):
        match_seed = seed + index
        log.count = 0
        log.hands = 0
        for seat in range(4):
            bots[seat].reset(match_seed * 4 + seat)
        heap_lock()
        try:
            state.new_match(match_seed)
            play_match(state, bots, moves, obs, log)
        finally:
            heap_unlock()
        line = "%s %d %d %d %d %d" % (preset, match_seed, log.hands, state.score[0],
                                      state.score[1], state.match.winner)
        print(line)
        if show_plays:
            print(" ".join(str(log.plays[i]) for i in range(log.count)))


def main(argv) -> None:
    presets = argv[1].split(",")
    matches = int(argv[2])
    seed = int(argv[3])
    bot_names = argv[4].split(",")
    show_plays = len(argv) > 5 and argv[5] == "plays"
    for preset in presets:
        run(preset, matches, seed, bot_names, show_plays)


main(sys.argv)
