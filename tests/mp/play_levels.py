"""Whole matches at each difficulty level, with a hint asked before every decision, under
``micropython.heap_lock()``; runnable on CPython and MicroPython.

usage: play_levels.py PRESET LEVEL[,LEVEL...] SEED [FROM [declare]]

Prints ``level seed hands score0 score1 hints`` per match: the hints are computed (the move
and its reason code, no text: that is built by the UI) inside the lock like everything else.
With ``FROM``, each match starts with both sides at that score: the match's last hands only;
``declare`` turns declaring out on (the bots then declare, and seek the take that lets them).
"""

import sys
from array import array

from engine import observe
from engine.bots.hint import Hinter
from engine.bots.levels import make_level_bot
from engine.moves import MAX_MOVES
from engine.play import play_match
from engine.rules import Rules
from engine.state import State

try:
    from micropython import heap_lock, heap_unlock
except ImportError:  # CPython

    def heap_lock():
        pass

    def heap_unlock():
        pass


class Hinted:
    """Wraps a bot: before each decision the hint helper's search suggests a move for the
    same view."""

    def __init__(self, bot, hinter, counter) -> None:
        self.bot = bot
        self.hinter = hinter
        self.counter = counter
        self.needs_observation = True

    def reset(self, seed: int) -> None:
        self.bot.reset(seed)

    def choose(self, obs, moves, count: int) -> int:
        self.hinter.search_move(obs, moves, count)
        self.counter[0] += 1
        return self.bot.choose(obs, moves, count)

    def wants_declare(self, obs) -> bool:
        return self.bot.wants_declare(obs)


def run(preset, levels, seed, start=0, declare=False) -> None:
    rules = Rules(preset, {"declare_out": True} if declare else None)
    state = State(rules)
    moves = [0] * MAX_MOVES
    obs = bytearray(observe.SIZE)
    hinter = Hinter(rules, seed)
    counter = array("i", [0])
    for level in levels:
        bots = [Hinted(make_level_bot(level, rules, seed * 4 + seat), hinter, counter)
                for seat in range(4)]
        counter[0] = 0
        heap_lock()
        try:
            state.new_match(seed)
            state.score[0] = state.score[1] = start
            play_match(state, bots, moves, obs)
        finally:
            heap_unlock()
        print("%s %d %d %d %d %d" % (level, seed, state.hand_number, state.score[0],
                                     state.score[1], counter[0]))


run(sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]),
    int(sys.argv[4]) if len(sys.argv) > 4 else 0, len(sys.argv) > 5)
