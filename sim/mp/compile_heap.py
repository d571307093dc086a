"""Compile one module's source with a given part of the heap free, for the memory budget.

usage: compile_heap.py TOTAL FREE SOURCE

Run by sim/memory_budget.py (``compile_needs``). A board that imports a ``.py`` file compiles
it first: the parse tree and the compiler's tables take heap for a moment, two to four times
the source, besides the bytecode the module keeps. The source is read first and compiled at
optimisation level 3, as code.py has a board do.

- On the unix port, which counts what it allocates, with FREE 0: prints ``compile_peak P
  keeps K``, the most the compile held at once and what the code keeps, in bytes of that
  64-bit port: a quick ranking of the modules (the 32-bit figures are about two thirds).
- On the 32-bit WebAssembly port, whose heap grows when an allocation does not fit even after
  a collection: fills the heap (TOTAL bytes, as its first ``micropython.mem_info()`` line
  gives it; nothing with FREE 0) with one-block objects until FREE bytes are left, compiles,
  and prints ``micropython.mem_info()`` before and after, each in a stage of its own. The
  caller compares the two ``GC: total:`` figures: a compile that does not fit in FREE bytes
  grows the heap. The filling takes the holes first, so what is left is in one piece at the
  top of the heap: the figure is for a heap that is not fragmented.
"""

import gc
import sys

import micropython

micropython.opt_level(3)
total = int(sys.argv[1])
free = int(sys.argv[2])
with open(sys.argv[3]) as file:
    source = file.read()
held = [None] * (total // 16) if free else None
# run_wasm: next stage
gc.collect()
i = 0
while free:  # gc.mem_alloc() walks the whole heap: fill in a few long runs
    left = (total - gc.mem_alloc() - free) // 16
    if left <= 0:
        break
    for _ in range(left):
        held[i] = object()  # one 16-byte block each
        i += 1
# run_wasm: next stage
gc.collect()
micropython.mem_info()
# run_wasm: next stage
before = micropython.mem_current() if hasattr(micropython, "mem_peak") else -1
code = compile(source, sys.argv[3], "exec")
if before >= 0:
    print("compile_peak %d keeps %d" % (micropython.mem_peak() - before,
                                         micropython.mem_current() - before))
# run_wasm: next stage
gc.collect()
micropython.mem_info()
