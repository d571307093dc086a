"""Scopone on a CircuitPython board: CircuitPython runs this file after boot.py.

Everything is in lib/hardware.py (board detection, display, input, the main loop), so it can
be tested on a desktop (tests/test_code_py.py) and this file stays small: CircuitPython
compiles code.py in RAM at every start, while lib/ may hold precompiled .mpy files.
"""

import hardware


def main(**options):
    """Start the game (see ``hardware.main``; ``options`` are for tests)."""
    return hardware.main(**options)


if __name__ == "__main__":
    main()
