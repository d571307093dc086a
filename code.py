"""Scopone on a CircuitPython board: CircuitPython runs this file after boot.py.

Everything is in lib/: lib/main_loop.py has lib/hardware.py start the game (board detection,
display, input), drops that start-up code and runs the main loop. So it can be tested on a
desktop (tests/test_code_py.py) and this file stays small: CircuitPython compiles code.py in
RAM at every start, while lib/ may hold precompiled .mpy files.
"""

try:
    from micropython import opt_level
except ImportError:  # CPython (the simulator and tests), or a firmware without it
    pass
else:
    # The board compiles a .py deploy's lib/ and engine/ as it imports them: at level 3 the
    # bytecode keeps no line numbers (about 3 KB less held), as a .mpy deploy's (-O3).
    opt_level(3)

import main_loop  # noqa: E402 (after the optimisation level, which its compiling reads)


def main(max_frames=None, assets="/", saves="/"):
    """Start the game (see ``main_loop.main``). The arguments are for tests and the REPL
    (``code.main(max_frames=100)`` runs 100 frames); they go on by position, as a ``.mpy``
    deploy shortens the names of lib/ (sim/minify.py), not those of this file."""
    return main_loop.main(max_frames, assets, saves)


if __name__ == "__main__":
    main()
