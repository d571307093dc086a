"""Benchmark body, run on CPython and on MicroPython: complete 9+4 chitarrella hands.

usage: bench_hands.py HANDS SEED

Each hand: the deal, full legal-move generation at every turn, a uniformly random legal move
from the engine's PRNG, and hand scoring. Prints ``hands N us U alloc A``: the hands played,
the microseconds they took and the bytes allocated while playing them (``gc.mem_alloc()``
difference with the collector off; -1 where the runtime cannot tell, as on CPython).
"""

import gc
import sys
from array import array

from engine import scoring
from engine.clock import ticks_diff, ticks_us
from engine.layout import DEAL, PLAY
from engine.moves import MAX_MOVES
from engine.rng import Rng
from engine.rules import Rules
from engine.state import State


def play_hands(state, engine, moves, points, hands) -> None:
    deal, legal_moves, apply, below = engine
    for _ in range(hands):
        state.phase = DEAL
        while deal():
            pass
        while state.phase == PLAY:
            apply(moves[below(legal_moves(moves))])
        state.score_hand(points)


def main(argv) -> None:
    hands = int(argv[1])
    seed = int(argv[2])
    state = State(Rules("chitarrella"), seed)
    moves = [0] * MAX_MOVES
    points = array("h", [0] * scoring.SIZE)
    rng = Rng(seed)
    # The engine's methods, bound once before the timing (binding allocates on MicroPython):
    # the loop times the engine, not attribute lookups in the harness.
    engine = (state.deal, state.legal_moves, state.apply, rng.below)
    play_hands(state, engine, moves, points, 20)  # warm up
    gc.collect()
    gc.disable()
    before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else -1
    start = ticks_us()
    play_hands(state, engine, moves, points, hands)
    elapsed = ticks_diff(ticks_us(), start)
    after = gc.mem_alloc() if hasattr(gc, "mem_alloc") else -1
    gc.enable()
    print("hands %d us %d alloc %d" % (hands, elapsed, after - before if before >= 0 else -1))


main(sys.argv)
