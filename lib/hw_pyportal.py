"""The Adafruit PyPortal (and PyPortal Pynt): its built-in 320x240 screen and its resistive
touchscreen.

A touch is one TOUCH event at the point first touched; the next touch counts only after the
screen has been let go for ``RELEASE_MS`` (a resistive panel flickers between touched and not
touched while a finger rests on it).
"""

import adafruit_touchscreen
import board
from input_events import TOUCH

from engine.clock import ticks_diff

CALIBRATION = ((5200, 59000), (5800, 57000))  # raw readings at the screen's edges (x, y)
RELEASE_MS = 80


def open_display(profile):
    """The built-in screen (320x240 landscape)."""
    return board.DISPLAY


class Input:
    """The touchscreen as TOUCH events in screen pixels."""

    def __init__(self):
        self.touch = adafruit_touchscreen.Touchscreen(
            board.TOUCH_XL, board.TOUCH_XR, board.TOUCH_YD, board.TOUCH_YU,
            calibration=CALIBRATION, size=(320, 240))
        self.down = False  # a touch is in progress (already reported)
        self.up_since = -1  # ticks when the panel last read untouched, -1 while touched

    def poll(self, queue, now: int) -> None:
        """Push TOUCH at the start of a touch."""
        point = self.touch.touch_point
        if point is not None:
            self.up_since = -1
            if not self.down:
                self.down = True
                queue.push(TOUCH, point[0], point[1])
        elif self.down:
            if self.up_since < 0:
                self.up_since = now
            elif ticks_diff(now, self.up_since) >= RELEASE_MS:
                self.down = False
