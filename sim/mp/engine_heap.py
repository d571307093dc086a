"""Heap the engine holds on MicroPython: imports plus one match set up, in bytes.

usage: engine_heap.py [BOT_OR_LEVEL]

Prints ``engine_heap B`` (and ``bot_heap B`` for one bot of a name or difficulty level, its
modules included; ``hint`` measures the hint helper): ``gc.mem_alloc()`` after
``gc.collect()``, minus the same figure before the imports. The rules parser
(engine/presets.py) is released once the Rules are built, as a board does; ``parser_heap B``
is what it held. After the baseline and again after ``engine_heap``, the line of
``micropython.qstr_info()``: the interned names, their text, and the bytes of the pool's
tables and text together, so the part of the engine's figure that is names can be told.
The stage markers let sim/mp/run_wasm.mjs run each part in a call of its own, as the
WebAssembly port's collector frees only what earlier calls made; elsewhere they are
comments. The running stage's own code is on the heap while it runs, so each figure is
taken in a stage as small as the baseline's and printed in the next: until the
thirty-fifth session the part that loads a bot and the print shared the engine's stage, and
the engine's figure counted their code (896 bytes; the bots' figures as many bytes fewer).
"""

import gc
import sys

import micropython

# run_wasm: next stage
gc.collect()
base = gc.mem_alloc()
micropython.qstr_info()  # its names are built in: this interns nothing
# run_wasm: next stage

from engine import observe  # noqa: E402
from engine.moves import MAX_MOVES  # noqa: E402
from engine.rules import Rules, release_parser  # noqa: E402
from engine.state import State  # noqa: E402

rules = Rules("chitarrella")
# run_wasm: next stage
gc.collect()
with_parser = gc.mem_alloc()
release_parser()
# run_wasm: next stage
gc.collect()
print("parser_heap %d" % (with_parser - gc.mem_alloc()))
state = State(rules, 1)
moves = [0] * MAX_MOVES
obs = bytearray(observe.SIZE)
state.deal()
# run_wasm: next stage
gc.collect()
engine = gc.mem_alloc() - base
# run_wasm: next stage
print("engine_heap %d" % engine)
micropython.qstr_info()
# run_wasm: next stage
bot_name = sys.argv[1] if len(sys.argv) > 1 else None
if bot_name:
    from engine.bots import make_bot
    from engine.bots.hint import Hinter
    from engine.bots.levels import LEVELS, make_level_bot

    if bot_name == "hint":
        bot = Hinter(rules)
    elif bot_name in LEVELS:
        bot = make_level_bot(bot_name, rules)
    else:
        bot = make_bot(bot_name, rules)
# run_wasm: next stage
if bot_name:
    gc.collect()
    held = gc.mem_alloc() - base - engine
# run_wasm: next stage
if bot_name:
    print("bot_heap %d" % held)
