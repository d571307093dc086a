"""Desktop side of Scopone for handhelds: self-play, the arena, benchmarks, card art and the
simulator's display and input.

Desktop only: ordinary Python, never imported by ``engine/`` or ``lib/``. Importing it puts
``lib/`` on ``sys.path`` after everything else, as CircuitPython does on a board, so the
simulator imports the board-side modules the way ``code.py`` will (``import input_events``).
"""

import sys
from pathlib import Path

_LIB = str(Path(__file__).resolve().parent.parent / "lib")
if _LIB not in sys.path:
    sys.path.append(_LIB)
