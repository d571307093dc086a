"""The Adafruit PyBadge (and PyBadge LC, EdgeBadge): its built-in 160x128 screen and its eight
buttons, read through a shift register.

Buttons, in the game: the arrows move (LEFT, RIGHT, UP, DOWN), A = SELECT, B = BACK,
SELECT = HINT, START = BACK.

The shift register's key numbers (adafruit_pybadger): 0 B, 1 A, 2 START, 3 SELECT, 4 RIGHT,
5 DOWN, 6 UP, 7 LEFT; a pressed button reads high.
"""

import board
import keypad
from input_events import BACK, DOWN, HINT, LEFT, NONE, RIGHT, SELECT, UP

# key number -> event code
CODES = bytes((BACK, SELECT, BACK, HINT, RIGHT, DOWN, UP, LEFT))


def open_display(profile):
    """The built-in screen (160x128 landscape)."""
    return board.DISPLAY


class Input:
    """The buttons as input events: one event per press. ``key_count`` and ``codes`` let the
    PyGamer (lib/hw_gamer.py) reuse it for its four buttons."""

    def __init__(self, key_count: int = 8, codes: bytes = CODES):
        self.keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                             latch=board.BUTTON_LATCH, key_count=key_count,
                                             value_when_pressed=True)
        self.codes = codes
        self.event = keypad.Event()  # reused: reading an event allocates nothing

    def poll(self, queue, now: int) -> None:
        """Push an event for each button pressed since the last call."""
        event = self.event
        codes = self.codes
        while self.keys.events.get_into(event):
            if event.pressed and event.key_number < len(codes):
                code = codes[event.key_number]
                if code != NONE:
                    queue.push(code)
