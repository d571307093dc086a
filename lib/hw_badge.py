"""The Adafruit PyBadge (and PyBadge LC, EdgeBadge) and PyGamer: the built-in 160x128 screen,
the buttons read through a shift register, and the PyGamer's analog joystick.

Buttons, in the game: the arrows (the PyGamer's joystick) move (LEFT, RIGHT, UP, DOWN),
A = SELECT, B = BACK, SELECT = HINT, START = BACK.

The shift register's key numbers (adafruit_pybadger): 0 B, 1 A, 2 START, 3 SELECT, and on the
PyBadge 4 RIGHT, 5 DOWN, 6 UP, 7 LEFT; a pressed button reads high. The PyGamer has the first
four and a joystick instead of the arrows (``board.JOYSTICK_X`` and ``_Y``, which a PyBadge's
``board`` lacks), each axis reading 0..65535, about 32768 in the middle (adafruit_pybadger
takes below 15000 and above 50000 as pushed). One driver for both, as adafruit_pybadger is:
a module of its own for the PyGamer held about 0.5 KB more (sim/memory_budget.md).
"""

import analogio
import board
import keypad
from input_events import BACK, DOWN, HINT, LEFT, NONE, RIGHT, SELECT, UP

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


# key number -> event code
CODES = bytes((BACK, SELECT, BACK, HINT, RIGHT, DOWN, UP, LEFT))

# Private constants: the board's compiler folds them into the code, keeping no global.
_PUSHED_LOW = const(15000)  # below this an axis is pushed left (x) or up (y)
_PUSHED_HIGH = const(50000)  # above this, right or down
_CENTER_LOW = const(22000)  # back between these two the stick is in the middle again
_CENTER_HIGH = const(43000)


def open_display(profile):
    """The built-in screen (160x128 landscape)."""
    return board.DISPLAY


class Input:
    """The buttons as input events, one event per press, and on a PyGamer the joystick, one
    event each time it is pushed out of the middle."""

    def __init__(self):
        stick_x = getattr(board, "JOYSTICK_X", None)  # a PyGamer's; a PyBadge has none
        self.keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                             latch=board.BUTTON_LATCH,
                                             key_count=8 if stick_x is None else 4,
                                             value_when_pressed=True)
        self.event = keypad.Event()  # reused: reading an event allocates nothing
        self.x = self.y = None
        if stick_x is not None:
            self.x = analogio.AnalogIn(stick_x)
            # getattr: the pin is not in every board of this driver (the type check's stub)
            self.y = analogio.AnalogIn(getattr(board, "JOYSTICK_Y"))  # noqa: B009
        self.held = NONE  # the direction the stick is pushed to, NONE in the middle

    def poll(self, queue, now: int) -> None:
        """Push an event for each button pressed since the last call, then one when the
        stick leaves the middle (the x axis first)."""
        event = self.event
        while self.keys.events.get_into(event):
            if event.pressed:
                code = CODES[event.key_number]
                if code != NONE:
                    queue.push(code)
        if self.x is None:
            return
        x = self.x.value
        y = self.y.value
        if self.held == NONE:
            code = (LEFT if x < _PUSHED_LOW else RIGHT if x > _PUSHED_HIGH
                    else UP if y < _PUSHED_LOW else DOWN if y > _PUSHED_HIGH else NONE)
            if code != NONE:
                self.held = code
                queue.push(code)
        elif _CENTER_LOW < x < _CENTER_HIGH and _CENTER_LOW < y < _CENTER_HIGH:
            self.held = NONE
