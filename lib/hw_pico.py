"""A Raspberry Pi Pico (or Pico W, Pico 2, Pico 2 W) with a Pimoroni Pico Display Pack: its
ST7789 screen over SPI and its four buttons.

Pins (the same on the 1.14" and the 2.0" pack): SPI clock GP18, MOSI GP19, chip select GP17,
data/command GP16, backlight GP20; buttons A GP12, B GP13, X GP14, Y GP15, each pulling its
pin low when pressed.

Buttons, in the game: A = LEFT, B = RIGHT, X = SELECT, Y = BACK (on release); holding Y for
``HOLD_MS`` gives HINT instead of BACK. Menus move with LEFT/RIGHT, so four buttons reach
everything (BACK on the table opens the pause menu, which has the hint too).

CircuitPython 9 and 10 (``fourwire``; ``adafruit_st7789`` from the library bundle).
"""

import board
import busio
import displayio
import fourwire
import keypad
from adafruit_st7789 import ST7789
from input_events import BACK, HINT, LEFT, RIGHT, SELECT

from engine.clock import ticks_diff

HOLD_MS = 600  # Y held this long is HINT

_KEY_A = 0
_KEY_B = 1
_KEY_X = 2
_KEY_Y = 3


def open_display(profile):
    """The pack's screen, landscape, for ``profile`` (240x135 or 320x240)."""
    displayio.release_displays()  # a display left from the last run would hold the pins
    spi = busio.SPI(clock=board.GP18, MOSI=board.GP19)
    bus = fourwire.FourWire(spi, command=board.GP16, chip_select=board.GP17)
    if profile.width == 240:  # 1.14": a 240x135 window of the controller's 320x240
        return ST7789(bus, width=240, height=135, rowstart=40, colstart=53, rotation=270,
                      backlight_pin=board.GP20)
    return ST7789(bus, width=320, height=240, rotation=270, backlight_pin=board.GP20)


class Input:
    """The four buttons (``keypad.Keys``, scanned in the background) as input events."""

    def __init__(self):
        self.keys = keypad.Keys((board.GP12, board.GP13, board.GP14, board.GP15),
                                value_when_pressed=False, pull=True)
        self.event = keypad.Event()  # reused: reading an event allocates nothing
        self.y_down = False
        self.y_since = 0  # ticks when Y went down
        self.y_hint = False  # the hold already gave HINT: no BACK on release

    def poll(self, queue, now: int) -> None:
        """Push the events of the buttons pressed since the last call; ``now`` is ticks_ms."""
        event = self.event
        while self.keys.events.get_into(event):
            key = event.key_number
            if key == _KEY_Y:
                if event.pressed:
                    self.y_down = True
                    self.y_since = now
                    self.y_hint = False
                else:
                    if self.y_down and not self.y_hint:
                        queue.push(BACK)
                    self.y_down = False
            elif event.pressed:
                if key == _KEY_A:
                    queue.push(LEFT)
                elif key == _KEY_B:
                    queue.push(RIGHT)
                elif key == _KEY_X:
                    queue.push(SELECT)
        if self.y_down and not self.y_hint and ticks_diff(now, self.y_since) >= HOLD_MS:
            self.y_hint = True
            queue.push(HINT)
