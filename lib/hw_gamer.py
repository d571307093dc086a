"""The Adafruit PyGamer: its built-in 160x128 screen, four buttons through a shift register
and an analog joystick.

Buttons, in the game: the joystick moves (LEFT, RIGHT, UP, DOWN: one event each time it is
pushed out of the middle), A = SELECT, B = BACK, SELECT = HINT, START = BACK.

The shift register's key numbers: 0 B, 1 A, 2 START, 3 SELECT, pressed reading high; the
joystick reads 0..65535 on each axis, about 32768 in the middle (adafruit_pybadger takes
below 15000 and above 50000 as pushed).
"""

import analogio
import board
import hw_badge
from input_events import BACK, DOWN, HINT, LEFT, NONE, RIGHT, SELECT, UP

CODES = bytes((BACK, SELECT, BACK, HINT))  # B, A, START, SELECT

PUSHED_LOW = 15000  # below this an axis is pushed left (x) or up (y)
PUSHED_HIGH = 50000  # above this, right or down
CENTER_LOW = 22000  # back between these two the stick is in the middle again
CENTER_HIGH = 43000


def open_display(profile):
    """The built-in screen (160x128 landscape)."""
    return board.DISPLAY


def axis_code(value: int, low: int, high: int) -> int:
    """The direction ``value`` of one axis points to: ``low``, ``high`` or NONE."""
    if value < PUSHED_LOW:
        return low
    if value > PUSHED_HIGH:
        return high
    return NONE


class Input(hw_badge.Input):
    """The four buttons and the joystick as input events."""

    def __init__(self):
        super().__init__(4, CODES)
        self.x = analogio.AnalogIn(board.JOYSTICK_X)
        self.y = analogio.AnalogIn(board.JOYSTICK_Y)
        self.held = NONE  # the direction the stick is pushed to, NONE in the middle

    def poll(self, queue, now: int) -> None:
        """Push the buttons' events, then one event when the stick leaves the middle."""
        super().poll(queue, now)
        x = self.x.value
        y = self.y.value
        if self.held == NONE:
            code = axis_code(x, LEFT, RIGHT)
            if code == NONE:
                code = axis_code(y, UP, DOWN)
            if code != NONE:
                self.held = code
                queue.push(code)
        elif CENTER_LOW < x < CENTER_HIGH and CENTER_LOW < y < CENTER_HIGH:
            self.held = NONE
