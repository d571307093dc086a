"""Board profiles as data: screen size, kind of input and screen layout of each supported board.

``code.py`` picks a profile for the board it runs on and the desktop simulator picks one from
``--board``; the UI lays itself out from ``layout`` and the screen size alone, never from the
board's name. Layouts are named by size: ``"large"`` 320x240, ``"medium"`` 240x135,
``"compact"`` 160x128 (DESIGN.md "Board facts").

Allocation: ``profile`` builds one small object per call; call it once at start-up.
"""

TOUCH = "touch"  # resistive touchscreen (adafruit_touchscreen)
BUTTONS = "buttons"  # keypad.Keys or keypad.ShiftRegisterKeys

LARGE = "large"  # 320x240
MEDIUM = "medium"  # 240x135
COMPACT = "compact"  # 160x128

DEFAULT = "pyportal"

# name, width, height, input, layout, buttons (0 for touch boards)
_TABLE = (
    ("pyportal", 320, 240, TOUCH, LARGE, 0),
    ("pico-display", 240, 135, BUTTONS, MEDIUM, 4),
    ("pico-display-2", 320, 240, BUTTONS, LARGE, 4),
    ("pybadge", 160, 128, BUTTONS, COMPACT, 8),
)

NAMES = tuple(row[0] for row in _TABLE)
"""The known board names, in the order of the table."""


class Board:
    """One board's profile: ``name``, ``width``, ``height`` (pixels, landscape), ``input``
    (``TOUCH`` or ``BUTTONS``), ``layout`` (``LARGE``, ``MEDIUM`` or ``COMPACT``) and
    ``buttons`` (how many, 0 on a touch board)."""

    def __init__(self, name, width, height, input_kind, layout, buttons):
        self.name = name
        self.width = width
        self.height = height
        self.input = input_kind
        self.layout = layout
        self.buttons = buttons

    @property
    def touch(self) -> bool:
        """True when the board's input is a touchscreen."""
        return self.input == TOUCH

    def __repr__(self):
        return "Board(%r, %dx%d, %s, %s)" % (
            self.name, self.width, self.height, self.input, self.layout)


def profile(name: str = DEFAULT) -> Board:
    """The profile of the board called ``name``; raises ValueError naming the known boards."""
    for row in _TABLE:
        if row[0] == name:
            return Board(row[0], row[1], row[2], row[3], row[4], row[5])
    raise ValueError("unknown board %r; known boards: %s" % (name, ", ".join(NAMES)))
