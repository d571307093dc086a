"""Scopone on a CircuitPython board: CircuitPython runs this file after boot.py.

Everything is in lib/: lib/main_loop.py has lib/hardware.py start the game (board detection,
display, input), drops that start-up code and runs the main loop. So it can be tested on a
desktop (tests/test_code_py.py) and this file stays small: CircuitPython compiles code.py in
RAM at every start, while lib/ may hold precompiled .mpy files.
"""

import gc

gc.collect()
# The heap free as the game begins, before it loads anything: it tells whether the bots may
# search (lib/boards.py SEARCH_MIN_FREE). CircuitPython's; 0 where there is none (CPython).
# Read here rather than with lib/main_loop.py's _mem_free: importing that first would take
# from the heap being measured.
FREE_AT_START = gc.mem_free() if hasattr(gc, "mem_free") else 0

try:
    from micropython import opt_level
except ImportError:  # CPython (the simulator and tests), or a firmware without it
    pass
else:
    # The board compiles a .py deploy's lib/ and engine/ as it imports them: at level 3 the
    # bytecode keeps no line numbers (about 3 KB less held), as a .mpy deploy's (-O3).
    opt_level(3)

import main_loop  # noqa: E402 (after the optimisation level, which its compiling reads)


def main(max_frames=None, assets="/", saves="/", free=None):
    """Start the game (see ``main_loop.main``). The arguments are for tests and the REPL
    (``code.main(max_frames=100)`` runs 100 frames; ``free`` stands for ``FREE_AT_START``);
    they go on by position, as a ``.mpy`` deploy shortens the names of lib/ (sim/minify.py),
    not those of this file."""
    return main_loop.main(max_frames, assets, saves, FREE_AT_START if free is None else free)


if __name__ == "__main__":
    main()
