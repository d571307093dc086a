"""Heap the engine holds on MicroPython: imports plus one match set up, in bytes.

usage: engine_heap.py [BOT]

Prints ``engine_heap B`` (and ``bot_heap B`` with a BOT name): ``gc.mem_alloc()`` after
``gc.collect()``, minus the same figure before the imports. The rules parser
(engine/presets.py) is released once the Rules are built, as a board does; ``parser_heap B``
is what it held.
"""

import gc
import sys

gc.collect()
_BASE = gc.mem_alloc()


def measure(bot_name) -> None:
    from array import array

    from engine import observe
    from engine.moves import MAX_MOVES
    from engine.rules import Rules, release_parser
    from engine.state import State

    rules = Rules("chitarrella")
    gc.collect()
    with_parser = gc.mem_alloc()
    release_parser()
    gc.collect()
    print("parser_heap %d" % (with_parser - gc.mem_alloc()))
    state = State(rules, 1)
    moves = array("i", [0] * MAX_MOVES)
    obs = bytearray(observe.SIZE)
    state.deal()
    gc.collect()
    engine = gc.mem_alloc() - _BASE
    print("engine_heap %d" % engine)
    if bot_name:
        from engine.bots import make_bot

        bots = [make_bot(bot_name, rules, seat) for seat in range(4)]
        gc.collect()
        print("bot_heap %d" % ((gc.mem_alloc() - _BASE - engine) // len(bots)))
    return state, moves, obs


measure(sys.argv[1] if len(sys.argv) > 1 else None)
