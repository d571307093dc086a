"""The names a MicroPython firmware holds in its own table (static qstrs) that Python code
may use as names of its own: its builtins and the builtin types' attributes, one a line.

sim/minify.py makes ``sim/minify_free.txt`` from what both ports print: a name in that table
costs a board nothing when a module uses it, so the build gives such names to the engine.
"""

import builtins

KINDS = (str, bytes, bytearray, list, dict, set, frozenset, tuple, int, float, bool, object,
         type, range, slice, memoryview, property, BaseException)

for kind in (builtins,) + KINDS:
    for name in dir(kind):
        print(name)
