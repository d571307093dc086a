"""Scopone on a CircuitPython board: CircuitPython runs this file after boot.py.

Everything is in lib/: lib/main_loop.py has lib/hardware.py start the game (board detection,
display, input), drops that start-up code and runs the main loop. So it can be tested on a
desktop (tests/test_code_py.py) and this file stays small: CircuitPython compiles code.py in
RAM at every start, while lib/ may hold precompiled .mpy files.
"""

import main_loop


def main(**options):
    """Start the game (see ``main_loop.main``; ``options`` are for tests)."""
    return main_loop.main(**options)


if __name__ == "__main__":
    main()
