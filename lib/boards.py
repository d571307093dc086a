"""Board profiles as data: screen size, kind of input and screen layout of each supported board.

lib/hardware.py (which ``code.py`` runs) picks a profile for the board it runs on and the
desktop simulator picks one from ``--board``; the UI lays itself out from ``layout`` and the
screen size alone, never from the board's name. Layouts are named by size: ``"large"`` 320x240,
``"medium"`` 240x135, ``"compact"`` 160x128 (DESIGN.md "Board facts").

Allocation: ``profile`` builds one small object per call; call it once at start-up.
"""

from collections import namedtuple

TOUCH = "touch"  # resistive touchscreen (adafruit_touchscreen)
BUTTONS = "buttons"  # keypad.Keys or keypad.ShiftRegisterKeys

LARGE = "large"  # 320x240
MEDIUM = "medium"  # 240x135
COMPACT = "compact"  # 160x128

DEFAULT = "pyportal"

# The free heap at start (``gc.mem_free()`` as code.py begins) a board needs for the bots'
# search: the game then holds at most 70% of it with the master bot playing (the memory
# budget's 30% headroom, README "On a board", 8.; tests/test_memory_budget.py checks it on
# every board). With less, the bots play Chitarrella's rules (engine/bots/levels.py: at normal
# without his strategy), which hold about 15 KB less and keep the 30% on 113 KB.
SEARCH_MIN_FREE = 140_000

# name, width, height, input, layout, the labels of the select, back, left/right and hint
# buttons as printed on the board (README "Buttons"; none on a touch board; no hint button on
# the Pico, where holding back gives the hint), and whether it has a speaker (board.SPEAKER;
# the Pimoroni Display Packs have none)
_TABLE = (
    ("pyportal", 320, 240, TOUCH, LARGE, ("", "", "", ""), True),
    ("pico-display", 240, 135, BUTTONS, MEDIUM, ("X", "Y", "A/B", ""), False),
    ("pico-display-2", 320, 240, BUTTONS, LARGE, ("X", "Y", "A/B", ""), False),
    ("pybadge", 160, 128, BUTTONS, COMPACT, ("A", "B", "<>", "SELECT"), True),
)

NAMES = tuple(row[0] for row in _TABLE)
"""The known board names, in the order of the table."""


# A named tuple, not a class of this module: a class's methods would keep this module's
# globals alive, and lib/main_loop.py drops the module once the game has started.
Board = namedtuple("Board", ("name", "width", "height", "input", "layout", "keys", "touch",
                             "search", "speaker"))
"""One board's profile: ``name``, ``width``, ``height`` (pixels, landscape), ``input``
(``TOUCH`` or ``BUTTONS``), ``layout`` (``LARGE``, ``MEDIUM`` or ``COMPACT``), ``keys`` (the
labels of its select, back, left/right and hint buttons, for the screens' help lines and how to
play; empty on a touch board, and the hint's on a board where holding back gives it) and
``touch`` (True when the input is a touchscreen), ``search`` (True when the heap holds the
bots' search: ``SEARCH_MIN_FREE``) and ``speaker`` (True when it has one: lib/sound.py)."""


def profile(name: str = DEFAULT, free: int = 0) -> Board:
    """The profile of the board called ``name`` with ``free`` bytes of heap at start (0 when
    unknown, as on a desktop: the search then plays); raises ValueError naming the known
    boards."""
    for row in _TABLE:
        if row[0] == name:
            return Board(row[0], row[1], row[2], row[3], row[4], row[5], row[3] == TOUCH,
                         not free or free >= SEARCH_MIN_FREE, row[6])
    raise ValueError("unknown board %r; known boards: %s" % (name, ", ".join(NAMES)))
