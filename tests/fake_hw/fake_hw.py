"""Strict stand-ins for a board's firmware and libraries, for tests/board/start_board.py (and
the keypad events of tests/test_code_py.py): the modules code.py's start-up and the drivers use
(board, keypad, busio, fourwire, analogio, digitalio, audioio, audiocore, storage, supervisor,
adafruit_st7789, adafruit_touchscreen), each with the signatures of the real one, so a call
with a name or keyword the real module lacks fails here as on a board.

Not renamed with the board's code (sim/minify.py): this is the outside world it talks to.
``install(board_id, display)`` puts them in ``sys.modules``; ``KEYS``, ``TOUCHES``,
``ANALOG`` and ``AUDIO`` collect the key scanners, touchscreens, joystick axes and audio
outputs the drivers make (an ``AudioOut`` counts the notes it was asked to play);
``supervisor.ticks_ms`` is a clock that moves ``TICK_MS`` a read, so runs are the same every
time.
"""

import sys
import types

TICK_MS = 5
KEYS = []
TOUCHES = []
ANALOG = []
AUDIO = []


class Pin:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name


class Display:
    """board.DISPLAY, or what ST7789 makes."""

    __slots__ = ("width", "height", "root_group", "auto_refresh", "refreshes", "_brightness")

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = True
        self.refreshes = 0
        self._brightness = 1.0

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        if not 0 <= value <= 1:  # as busdisplay.BusDisplay's
            raise ValueError("brightness must be 0.0-1.0")
        self._brightness = value

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1


class Event:
    __slots__ = ("key_number", "pressed", "timestamp")

    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = 0

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    __slots__ = ("pending",)

    def __init__(self):
        self.pending = []  # (key_number, pressed) the test pushes

    def get_into(self, event):
        if not self.pending:
            return False
        event.key_number, event.pressed = self.pending.pop(0)
        return True

    def get(self):
        if not self.pending:
            return None
        return Event(*self.pending.pop(0))

    def clear(self):
        self.pending.clear()

    def __len__(self):
        return len(self.pending)

    @property
    def overflowed(self):
        return False


class Keys:
    __slots__ = ("events", "key_count")

    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        self.events = EventQueue()
        self.key_count = len(pins)
        KEYS.append(self)

    def deinit(self):
        pass

    def reset(self):
        pass


class ShiftRegisterKeys:
    __slots__ = ("events", "key_count")

    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.02, max_events=64, debounce_threshold=1):
        self.events = EventQueue()
        self.key_count = key_count
        KEYS.append(self)

    def deinit(self):
        pass


class AnalogIn:
    __slots__ = ("value", "pin")

    def __init__(self, pin):
        self.pin = pin
        self.value = 32768  # centred
        ANALOG.append(self)

    def deinit(self):
        pass


class Touchscreen:
    __slots__ = ("touch_point",)

    def __init__(self, x1, x2, y1, y2, *, x_resistance=None, samples=4, z_threshold=10000,
                 calibration=None, size=None):
        self.touch_point = None  # (x, y, pressure) the test sets
        TOUCHES.append(self)


class DigitalInOut:
    __slots__ = ("pin", "value", "direction")

    def __init__(self, pin):
        self.pin = pin
        self.value = False
        self.direction = "input"

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = "output"
        self.value = value

    def switch_to_input(self, pull=None):
        self.direction = "input"

    def deinit(self):
        pass


class RawSample:
    __slots__ = ("buffer", "sample_rate")

    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        if getattr(buffer, "typecode", "B") not in "bBhH":
            raise ValueError("sample buffer must be a bytearray or array of type 'b', 'B', "
                             "'h' or 'H'")
        self.buffer = buffer
        self.sample_rate = sample_rate


class AudioOut:
    __slots__ = ("pin", "playing", "notes", "sample_rates")

    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self.pin = left_channel
        self.playing = False
        self.notes = 0  # play() calls
        self.sample_rates = []  # the sample rate of each play
        AUDIO.append(self)

    def play(self, sample, *, loop=False):
        self.playing = True
        self.notes += 1
        self.sample_rates.append(sample.sample_rate)

    def stop(self):
        self.playing = False

    def deinit(self):
        pass


class Mount:
    __slots__ = ("readonly", "label")

    def __init__(self):
        self.readonly = False  # boot.py remounted it for the game
        self.label = "CIRCUITPY"


def _spi(clock, MOSI=None, MISO=None, half_duplex=False):  # noqa: N803 (busio's names)
    return ("spi", clock, MOSI)


def _four_wire(spi_bus, *, command, chip_select, reset=None, baudrate=24000000, polarity=0,
               phase=0):
    return ("bus", spi_bus)


def _st7789(bus, *, width, height, rowstart=0, colstart=0, rotation=0, backlight_pin=None,
            bgr=False, invert=False):
    return Display(width, height)


_now = [0]


def _ticks_ms():
    _now[0] += TICK_MS
    return _now[0] & 0x1FFFFFFF


# What lib/sound.py's Speaker imports: (module name, members)
AUDIO_MODULES = (("digitalio", {"DigitalInOut": DigitalInOut}),
                 ("audioio", {"AudioOut": AudioOut}),
                 ("audiocore", {"RawSample": RawSample}))


def module(name, members):
    """A module called ``name`` holding ``members`` (name -> value)."""
    made = types.ModuleType(name)
    for key, value in members.items():
        setattr(made, key, value)
    return made


def install(board_id, display=None, touchscreen=True):
    """Put the stand-ins in ``sys.modules`` for a board called ``board_id`` with built-in
    ``display`` (None: a Pico, whose pack the driver opens); without ``touchscreen`` the
    library is missing, as on a drive circup has not filled."""
    board = types.ModuleType("board")
    board.board_id = board_id
    for name in ("GP12 GP13 GP14 GP15 GP16 GP17 GP18 GP19 GP20 BUTTON_CLOCK BUTTON_OUT "
                 "BUTTON_LATCH JOYSTICK_X JOYSTICK_Y TOUCH_XL TOUCH_XR TOUCH_YD "
                 "TOUCH_YU SPEAKER SPEAKER_ENABLE").split():
        setattr(board, name, Pin(name))
    if display is not None:
        board.DISPLAY = display
    modules = {"board": board}
    for name, members in (
            ("keypad", {"Keys": Keys, "ShiftRegisterKeys": ShiftRegisterKeys, "Event": Event}),
            ("busio", {"SPI": _spi}),
            ("fourwire", {"FourWire": _four_wire}),
            ("adafruit_st7789", {"ST7789": _st7789}),
            ("analogio", {"AnalogIn": AnalogIn}),
            ("adafruit_touchscreen", {"Touchscreen": Touchscreen}),
            ("storage", {"getmount": lambda path: Mount()}),
            ("supervisor", {"ticks_ms": _ticks_ms})) + AUDIO_MODULES:
        modules[name] = module(name, members)
    if not touchscreen:
        modules["adafruit_touchscreen"] = None  # import fails as for a missing library
    sys.modules.update(modules)
    import displayio  # sim/mp/stubs' stand-in

    displayio.release_displays = lambda: None
    return board
