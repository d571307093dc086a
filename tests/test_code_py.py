"""code.py and boot.py as a board runs them, on a desktop: every board's start-up reaches the
title screen with its display and input faked as on that board (the display is the
simulator's headless one), the input adapters turn buttons, joystick and touch into the
right events, the start-up code (lib/hardware.py) is dropped once the game runs, an unknown
board gets a message, and boot.py remounts the drive unless the button is held.

The board-only modules (board, keypad, digitalio, busio, fourwire, adafruit_st7789,
analogio, adafruit_touchscreen, storage) are stand-ins put in ``sys.modules``; displayio
and terminalio are the simulator's (Blinka).
"""

from __future__ import annotations

import gc
import importlib.util
import runpy
import sys
import types
import weakref

import boards
import displayio  # noqa: F401  (Blinka's, imported before any stand-in is in place)
import pytest
from fake_hw import fake_hw  # the keypad's events and queue, as tests/board has them
from input_events import BACK, DOWN, HINT, LEFT, NONE, RIGHT, SELECT, TOUCH, UP, EventQueue
from test_app import pick

from conftest import ROOT
from sim import display as sim_display

# The simulator's display library imports Blinka's busio and friends: load it now, before any
# test puts a stand-in busio in sys.modules (a test may be the first in its worker to open a
# display).
sim_display.sim_display_class()

BOARD_MODULES = ("board", "keypad", "digitalio", "busio", "fourwire", "adafruit_st7789",
                 "analogio", "adafruit_touchscreen", "storage", "audioio", "audiocore")
OURS = ("main_loop", "hardware", "hw_pyportal", "hw_pico", "hw_badge")


# -- stand-ins for the board's modules ---------------------------------------------------------


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board.%s" % self.name


class Hardware:
    """The stand-in modules of one board, and what the code did with them."""

    def __init__(self, board_id, pins=(), display=None):
        self.board = types.ModuleType("board")
        self.board.board_id = board_id
        for name in pins:
            setattr(self.board, name, Pin(name))
        if display is not None:
            self.board.DISPLAY = display
        self.keys = []  # every Keys / ShiftRegisterKeys made
        self.pressed = []  # (key_number, pressed) waiting for the next Keys made
        self.touches = []  # successive touch_point readings (None: not touched)
        self.joystick = {"JOYSTICK_X": 32768, "JOYSTICK_Y": 32768}
        self.pin_values = {}  # pin name -> DigitalInOut.value
        self.shift_held = set()  # keys held on the PyBadge's shift register (key numbers)
        self.shift_register = []  # its bits, the data pin's first, while latched
        self.deinited_pins = []
        self.remounts = []
        self.readonly = False
        self.st7789 = None  # the keyword arguments of the last ST7789
        self.display = display  # the board's screen: built in, or made by ST7789
        self.spi = None
        self.bus = None
        self.modules = {"board": self.board}
        self._build()

    def _build(self):
        hw = self

        class Keys:
            def __init__(self, pins=(), *, value_when_pressed, pull=True, **kwargs):
                self.pins = pins
                self.value_when_pressed = value_when_pressed
                self.kwargs = kwargs
                self.events = fake_hw.EventQueue()
                self.events.pending.extend(hw.pressed)
                hw.pressed = []
                self.deinited = False
                hw.keys.append(self)

            def deinit(self):
                self.deinited = True

        class ShiftRegisterKeys(Keys):
            def __init__(self, *, clock, data, latch, key_count, value_when_pressed, **kwargs):
                super().__init__((clock, data, latch), value_when_pressed=value_when_pressed)
                self.key_count = key_count

        keypad = types.ModuleType("keypad")
        keypad.Keys = Keys
        keypad.ShiftRegisterKeys = ShiftRegisterKeys
        keypad.Event = fake_hw.Event

        class Touchscreen:
            def __init__(self, *pins, **kwargs):
                self.pins = pins
                self.kwargs = kwargs

            @property
            def touch_point(self):
                return hw.touches.pop(0) if hw.touches else None

        touchscreen = types.ModuleType("adafruit_touchscreen")
        touchscreen.Touchscreen = Touchscreen

        class AnalogIn:
            def __init__(self, pin):
                self.pin = pin

            @property
            def value(self):
                return hw.joystick[self.pin.name]

        analogio = types.ModuleType("analogio")
        analogio.AnalogIn = AnalogIn

        class DigitalInOut:
            """A pin; BUTTON_LATCH, BUTTON_CLOCK and BUTTON_OUT drive a 74HC165 model: latch
            low loads the held keys, high keeps them; each rising clock edge while latched
            shifts the next key onto BUTTON_OUT (high when pressed)."""

            def __init__(self, pin):
                self.pin = pin
                self.pull = None
                self.output = None  # the level driven, None for an input

            def switch_to_input(self, pull=None):
                self.pull = pull
                self.output = None

            def switch_to_output(self, value=False, **kwargs):
                self.output = None
                self.value = value

            @property
            def value(self):
                if self.pin.name == "BUTTON_OUT":
                    bits = hw.shift_register
                    return bits[0] if bits else 0 in hw.shift_held
                if self.output is not None:
                    return self.output
                return hw.pin_values.get(self.pin.name, True)

            @value.setter
            def value(self, level):
                rising = level and self.output is False
                self.output = level
                if self.pin.name == "BUTTON_LATCH" and not level:
                    hw.shift_register = []
                elif self.pin.name == "BUTTON_LATCH" and rising:
                    hw.shift_register = [key in hw.shift_held for key in range(8)]
                elif self.pin.name == "BUTTON_CLOCK" and rising and hw.shift_register:
                    hw.shift_register = hw.shift_register[1:] + [False]

            def deinit(self):
                hw.deinited_pins.append(self.pin.name)

        digitalio = types.ModuleType("digitalio")
        digitalio.DigitalInOut = DigitalInOut
        digitalio.Pull = types.SimpleNamespace(UP="up", DOWN="down")

        busio = types.ModuleType("busio")

        def spi(clock, MOSI=None, MISO=None):  # noqa: N803 (CircuitPython's names)
            hw.spi = (clock, MOSI)
            return "spi"

        busio.SPI = spi

        fourwire = types.ModuleType("fourwire")

        def four_wire(spi_bus, *, command=None, chip_select=None, **kwargs):
            hw.bus = (spi_bus, command, chip_select)
            return "bus"

        fourwire.FourWire = four_wire

        st7789 = types.ModuleType("adafruit_st7789")

        def make_st7789(bus, **kwargs):
            hw.st7789 = kwargs
            size = (kwargs["width"], kwargs["height"])
            name = {(240, 135): "pico-display", (320, 240): "pico-display-2"}[size]
            hw.display = sim_display.open_display(name, headless=True)
            return hw.display

        st7789.ST7789 = make_st7789

        storage = types.ModuleType("storage")
        storage.getmount = lambda path: types.SimpleNamespace(readonly=hw.readonly)
        storage.remount = lambda path, readonly=False, **kw: hw.remounts.append((path, readonly))

        self.modules.update(keypad=keypad, adafruit_touchscreen=touchscreen, analogio=analogio,
                            digitalio=digitalio, busio=busio, fourwire=fourwire,
                            adafruit_st7789=st7789, storage=storage)
        # fake_hw's audio (an AudioOut made goes to fake_hw.AUDIO, which install empties);
        # digitalio is the one above, with the shift register
        for name, members in fake_hw.AUDIO_MODULES:
            if name != "digitalio":
                self.modules[name] = fake_hw.module(name, members)

    def install(self, monkeypatch):
        monkeypatch.setattr(fake_hw, "AUDIO", [])
        for name in BOARD_MODULES:
            monkeypatch.setitem(sys.modules, name, self.modules[name])
        for name in OURS:  # re-imported, so they see this board; put back afterwards
            monkeypatch.setitem(sys.modules, name, None)
            del sys.modules[name]
        import main_loop

        monkeypatch.setattr(main_loop, "FRAME_S", 0)


SPEAKER_PINS = ("SPEAKER", "SPEAKER_ENABLE")
PINS = {
    "pyportal": ("TOUCH_XL", "TOUCH_XR", "TOUCH_YD", "TOUCH_YU") + SPEAKER_PINS,
    "pico": ("GP12", "GP13", "GP14", "GP15", "GP16", "GP17", "GP18", "GP19", "GP20"),
    "badge": ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH") + SPEAKER_PINS,
    "gamer": ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "JOYSTICK_X", "JOYSTICK_Y")
    + SPEAKER_PINS,
}

# board_id, settings.toml's SCOPONE_BOARD, the profile it gets, pins, built-in display
CASES = (
    ("pyportal", None, "pyportal", "pyportal", True),
    ("pyportal_pynt", None, "pyportal", "pyportal", True),
    ("raspberry_pi_pico", None, "pico-display", "pico", False),
    ("raspberry_pi_pico_w", "pico-display", "pico-display", "pico", False),
    ("raspberry_pi_pico2", "pico-display-2", "pico-display-2", "pico", False),
    ("raspberry_pi_pico2_w", "pico-display-2", "pico-display-2", "pico", False),
    ("pybadge", None, "pybadge", "badge", True),
    ("edgebadge", None, "pybadge", "badge", True),
    ("pygamer", None, "pybadge", "gamer", True),
)


@pytest.fixture
def displays():
    """Closes whatever simulator display a test opened."""
    yield
    displayio.release_displays()


def load_code_py():
    """code.py as a module (not run: its ``__name__`` is not ``"__main__"``)."""
    spec = importlib.util.spec_from_file_location("board_code", ROOT / "code.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def start(monkeypatch, tmp_path, board_id, setting, pins, built_in, frames=3):
    """Run code.py's start-up on a stand-in board; returns (app, hardware)."""
    monkeypatch.setenv("SCOPONE_BOARD", setting) if setting else monkeypatch.delenv(
        "SCOPONE_BOARD", raising=False)
    display = None
    if built_in:
        profile = {"pyportal": "pyportal"}.get(pins, "pybadge")
        display = sim_display.open_display(profile, headless=True)
    hardware = Hardware(board_id, PINS[pins], display)
    hardware.install(monkeypatch)
    return hardware, load_code_py()


@pytest.mark.parametrize("board_id, setting, profile, pins, built_in", CASES)
def test_start_up_reaches_the_title(board_id, setting, profile, pins, built_in, tmp_path,
                                    monkeypatch, capsys, displays):
    hardware, code = start(monkeypatch, tmp_path, board_id, setting, pins, built_in)
    app = code.main(max_frames=3, assets=str(ROOT), saves=str(tmp_path))
    assert app is not None
    assert app.screen == "title"
    assert app.board.name == profile
    expected = boards.profile(profile)
    display = hardware.display
    assert (display.width, display.height) == (expected.width, expected.height)
    assert display.root_group is not None  # the app shows itself
    assert "Scopone on %s (%s)" % (board_id, profile) in capsys.readouterr().out
    # the speaker (lib/sound.py), on the boards that have one, off until a note sounds
    assert (app.sound is None) is (pins == "pico") is (fake_hw.AUDIO == [])
    if app.sound is not None:
        speaker = app.sound.speaker
        assert fake_hw.AUDIO[0].pin is hardware.board.SPEAKER
        assert speaker.enable.pin is hardware.board.SPEAKER_ENABLE
        assert speaker.enable.value is False and not fake_hw.AUDIO[0].playing
    if pins == "pico":
        board = hardware.board
        assert hardware.spi == (board.GP18, board.GP19)
        assert hardware.bus == ("spi", board.GP16, board.GP17)
        assert hardware.st7789["rotation"] == 270
        assert hardware.st7789["backlight_pin"] is board.GP20
        if profile == "pico-display":
            assert (hardware.st7789["rowstart"], hardware.st7789["colstart"]) == (40, 53)
        keys = hardware.keys[0]
        assert keys.pins == (board.GP12, board.GP13, board.GP14, board.GP15)
        assert keys.value_when_pressed is False
    elif pins in ("badge", "gamer"):
        assert hardware.keys[0].key_count == (8 if pins == "badge" else 4)
        assert hardware.keys[0].value_when_pressed is True


def test_a_firmware_without_audioio_plays_silent_and_says_so(tmp_path, monkeypatch, capsys,
                                                             displays):
    hardware, code = start(monkeypatch, tmp_path, "pyportal", None, "pyportal", True)
    monkeypatch.setitem(sys.modules, "audioio", None)  # the import fails, as on such a build
    app = code.main(max_frames=3, assets=str(ROOT), saves=str(tmp_path))
    assert app.screen == "title" and app.sound is None
    out = capsys.readouterr().out
    assert "Scopone plays without sound: " in out and "audioio" in out
    pick(app, "options")
    assert "sound" not in app.items


@pytest.mark.parametrize("free, search", [(boards.SEARCH_MIN_FREE - 1, False),
                                          (boards.SEARCH_MIN_FREE, True), (184_896, True)])
def test_the_heap_free_at_start_tells_whether_the_bots_search(free, search, tmp_path,
                                                               monkeypatch, capsys, displays):
    # code.py reads gc.mem_free() before it loads anything; with less than the search needs,
    # the bots play Chitarrella's rules (lib/boards.py SEARCH_MIN_FREE), and the console says so
    monkeypatch.setattr(gc, "mem_free", lambda: free, raising=False)
    hardware, code = start(monkeypatch, tmp_path, "pybadge", None, "badge", True)
    assert code.FREE_AT_START == free
    app = code.main(max_frames=3, assets=str(ROOT), saves=str(tmp_path))
    assert app.board.search is search
    out = capsys.readouterr().out
    assert ("%d at start" % free) in out
    assert ("too few for the bots' search" in out) is not search
    pick(app, "vs_bots")
    assert app.game.search is search
    assert type(app.game.bot).__name__ == ("MasterBot" if search else "ChitarrellaBot")


# raw input on each kind of board -> what the app must receive
INPUTS = {
    "pico": ([(1, True), (1, False), (2, True), (2, False)], [RIGHT, SELECT]),
    "badge": ([(5, True), (5, False), (1, True)], [DOWN, SELECT]),
    "gamer": ([(1, True)], [SELECT]),
}


@pytest.mark.parametrize("board_id, setting, profile, pins, built_in",
                         [c for c in CASES if c[0] in ("raspberry_pi_pico", "pybadge",
                                                       "pygamer", "pyportal")])
def test_input_reaches_the_app(board_id, setting, profile, pins, built_in, tmp_path,
                               monkeypatch, displays):
    hardware, code = start(monkeypatch, tmp_path, board_id, setting, pins, built_in)
    import app as app_module

    received = []
    original = app_module.App.handle

    def spy(self, code, x=0, y=0):
        received.append((code, x, y))
        return original(self, code, x, y)

    monkeypatch.setattr(app_module.App, "handle", spy)
    if pins == "pyportal":
        hardware.touches = [None, (160, 57, 30000), (161, 58, 30000)]
        app = code.main(max_frames=4, assets=str(ROOT), saves=str(tmp_path))
        assert received == [(TOUCH, 160, 57)]
        assert app.screen != "title"  # the touched row was activated
        return
    raw, codes = INPUTS[pins]
    hardware.pressed = list(raw)
    app = code.main(max_frames=3, assets=str(ROOT), saves=str(tmp_path))
    assert [r[0] for r in received] == codes
    assert app.screen != "title"  # SELECT activated the item under the cursor


def test_start_up_code_is_dropped_once_the_game_runs(tmp_path, monkeypatch, displays):
    """Once the App is built, lib/hardware.py and lib/boards.py leave ``sys.modules`` and
    nothing the game keeps refers to their functions (on MicroPython a function keeps its
    module's globals alive): only lib/main_loop.py and the driver stay of the board side. The
    profile the App keeps is a named tuple, which refers to no module (the simulator's own
    modules keep lib/boards.py alive here, so only lib/hardware.py can be seen to go)."""
    hardware, code = start(monkeypatch, tmp_path, "pybadge", None, "badge", True)
    import hardware as start_up

    alive = weakref.ref(start_up.identify)  # alive while the module's globals are
    del start_up
    app = code.main(max_frames=3, assets=str(ROOT), saves=str(tmp_path))
    assert app.screen == "title"
    assert "hardware" not in sys.modules and "boards" not in sys.modules
    assert isinstance(app.board, tuple) and app.board.touch is False
    assert {"main_loop", "hw_badge"} <= set(sys.modules)
    gc.collect()
    assert alive() is None
    app.handle(SELECT)  # the App goes on without it: the menu item under the cursor
    assert app.screen != "title"


def test_a_read_only_drive_means_no_saves(tmp_path, monkeypatch, displays):
    hardware, code = start(monkeypatch, tmp_path, "pybadge", None, "badge", True)
    hardware.readonly = True  # the button was held at boot
    app = code.main(max_frames=1, assets=str(ROOT), saves=str(tmp_path))
    assert app.save_dir is None and app.drive == str(tmp_path)  # read, never written
    displayio.release_displays()
    hardware, code = start(monkeypatch, tmp_path, "pybadge", None, "badge", True)
    app = code.main(max_frames=1, assets=str(ROOT), saves=str(tmp_path))
    assert app.save_dir == str(tmp_path)


class StandInDisplay:
    """A screen of a board the game does not support."""

    width = 480
    height = 320
    root_group = None


@pytest.mark.parametrize("board_id, setting, screen, words", [
    ("pyportal_titano", None, True, "480x320 screen is not supported"),
    ("feather_m4_express", None, False, "this board (feather_m4_express) is not supported"),
    ("raspberry_pi_pico", "pico-explorer", False, "is not a display pack"),
])
def test_unknown_boards_get_a_message(board_id, setting, screen, words, tmp_path, monkeypatch,
                                      capsys):
    monkeypatch.setenv("SCOPONE_BOARD", setting) if setting else monkeypatch.delenv(
        "SCOPONE_BOARD", raising=False)
    display = StandInDisplay() if screen else None
    hardware = Hardware(board_id, (), display)
    hardware.install(monkeypatch)
    import hardware as start_up

    slept = []  # time.sleep's (not waited): the display library's pauses and the idle ones
    monkeypatch.setattr(start_up.time, "sleep", slept.append)
    code = load_code_py()
    assert code.main(max_frames=2, assets=str(ROOT), saves=str(tmp_path)) is None
    assert slept.count(start_up.IDLE_S) == 2  # it idles, so the message stays on the screen
    out = capsys.readouterr().out
    assert words in out
    if not setting:
        assert "Scopone runs on the PyPortal" in out
    if screen:
        grid = display.root_group[0]  # the message's TextLine: font tiles, tile = code - 32
        rows = ["".join(chr(32 + grid[row * grid.width + column])
                        for column in range(grid.width)) for row in range(grid.height)]
        assert words.split()[0] in " ".join(rows)
        assert grid.width < 480 // 6


def test_a_missing_library_is_named(tmp_path, monkeypatch, capsys, displays):
    hardware, code = start(monkeypatch, tmp_path, "raspberry_pi_pico", None, "pico", False)
    monkeypatch.setitem(sys.modules, "adafruit_st7789", None)  # not installed on the drive
    assert code.main(max_frames=1, assets=str(ROOT), saves=str(tmp_path)) is None
    out = capsys.readouterr().out
    assert "could not start" in out and "adafruit_st7789" in out and "make deploy" in out


def test_garbage_is_collected_when_calm(tmp_path, monkeypatch, displays):
    hardware, code = start(monkeypatch, tmp_path, "pybadge", None, "badge", True)
    import main_loop as hw

    clock = [0]
    monkeypatch.setattr(hw, "ticks_ms", lambda: clock[0])
    collected = []
    monkeypatch.setattr(hw.gc, "collect", lambda: collected.append(clock[0]))

    class Pad:
        def poll(self, queue, now):
            clock[0] += 500  # each frame takes 500 ms; the frame of time 2000 has input
            if clock[0] == 2500:
                queue.push(DOWN)

    class Calm:
        busy = False
        display = None

        def handle(self, code, x, y):
            pass

        def tick(self):
            pass

    assert hw.run(Calm(), Pad(), EventQueue(), max_frames=12) == 12
    # 2 s after the last collection at the earliest, not in the frame with input
    assert collected == [3000, 5500]
    busy = Calm()
    busy.busy = True
    collected.clear()
    hw.run(busy, Pad(), EventQueue(), max_frames=8)
    assert collected == []


def test_the_backlight_dims_while_the_game_waits_and_the_next_press_only_lights_it(
        tmp_path, monkeypatch, displays):
    hardware, code = start(monkeypatch, tmp_path, "pybadge", None, "badge", True)
    import main_loop as hw

    clock = [0]
    monkeypatch.setattr(hw, "ticks_ms", lambda: clock[0])
    presses = {}  # time -> key

    class Backlit:
        auto_refresh = True
        brightness = 0.8

        def refresh(self):
            pass

    class Pad:
        def poll(self, queue, now):
            clock[0] += 1000
            if clock[0] in presses:
                queue.push(presses[clock[0]])

    class Waiting:
        busy = False
        display = Backlit()

        def __init__(self):
            self.handled = []

        def handle(self, code, x, y):
            self.handled.append((clock[0], code))

        def tick(self):
            pass

    presses.update({30_000: DOWN, 95_000: SELECT, 96_000: DOWN})
    app = Waiting()
    lights = []
    app.tick = lambda: lights.append(app.display.brightness)
    hw.run(app, Pad(), EventQueue(), max_frames=100)
    # a minute after the last press (the frame of 90 s), dimmed; the press at 95 s only
    # lights it
    assert lights[89] == 0.8 and lights[90] == hw.DIM_BRIGHTNESS  # ticks at 90 s and 91 s
    assert lights[94] == 0.8 and app.handled == [(30_000, DOWN), (96_000, DOWN)]

    busy = Waiting()
    busy.busy = True  # a bot about to play, or a tune: the screen stays lit
    presses.clear()
    hw.run(busy, Pad(), EventQueue(), max_frames=100)
    assert busy.display.brightness == 0.8

    class Fixed(Backlit):  # no backlight control: CircuitPython refuses the change
        @property
        def brightness(self):
            return 1.0

        @brightness.setter
        def brightness(self, value):
            raise RuntimeError("Brightness not adjustable")

    fixed = Waiting()
    fixed.display = Fixed()
    assert hw.run(fixed, Pad(), EventQueue(), max_frames=100) == 100


def test_the_display_refreshes_once_a_frame_after_the_frames_changes(tmp_path, monkeypatch,
                                                                      displays):
    # A screen change lets one scene go before the next is drawn (lib/app.py): the display
    # refreshes only once the frame's events and the bots' play are done.
    hardware, code = start(monkeypatch, tmp_path, "pybadge", None, "badge", True)
    import main_loop as hw

    log = []

    class Display:
        auto_refresh = True

        def refresh(self):
            log.append(("refresh", self.auto_refresh))

    class Pad:
        def poll(self, queue, now):
            queue.push(DOWN)

    class App:
        busy = False
        display = Display()

        def handle(self, code, x, y):
            log.append("handle")

        def tick(self):
            log.append("tick")

    hw.run(App(), Pad(), EventQueue(), max_frames=2)
    assert log == ["handle", "tick", ("refresh", False)] * 2


# -- the input adapters, frame by frame --------------------------------------------------------


def drain(queue) -> list:
    out = []
    code = queue.pop()
    while code != NONE:
        out.append(code)
        code = queue.pop()
    return out


def test_pico_buttons(monkeypatch):
    hardware = Hardware("raspberry_pi_pico", PINS["pico"])
    hardware.install(monkeypatch)
    import hw_pico

    pad = hw_pico.Input()
    keys = hardware.keys[0]
    queue = EventQueue()
    keys.events.pending += [(0, True), (0, False), (1, True), (2, True), (3, True)]
    pad.poll(queue, 1000)
    assert drain(queue) == [LEFT, RIGHT, SELECT]  # Y waits for its release
    keys.events.pending += [(3, False)]
    pad.poll(queue, 1200)
    assert drain(queue) == [BACK]  # a short press
    keys.events.pending += [(3, True)]
    pad.poll(queue, 2000)
    pad.poll(queue, 2599)
    assert drain(queue) == []
    pad.poll(queue, 2600)
    assert drain(queue) == [HINT]  # held 600 ms
    pad.poll(queue, 3000)
    keys.events.pending += [(3, False)]
    pad.poll(queue, 3100)
    assert drain(queue) == []  # no BACK after the hint


def test_badge_buttons(monkeypatch):
    hardware = Hardware("pybadge", PINS["badge"])
    hardware.install(monkeypatch)
    import hw_badge

    pad = hw_badge.Input()
    for key in range(8):
        pad.keys.events.pending += [(key, True), (key, False)]
    queue = EventQueue()
    pad.poll(queue, 0)
    # B, A, START, SELECT, RIGHT, DOWN, UP, LEFT
    assert drain(queue) == [BACK, SELECT, BACK, HINT, RIGHT, DOWN, UP, LEFT]


def test_gamer_joystick_and_buttons(monkeypatch):
    hardware = Hardware("pygamer", PINS["gamer"])
    hardware.install(monkeypatch)
    import hw_badge

    pad = hw_badge.Input()
    queue = EventQueue()
    stick = hardware.joystick

    def frame(x=32768, y=32768, keys=()):
        stick["JOYSTICK_X"], stick["JOYSTICK_Y"] = x, y
        pad.keys.events.pending += list(keys)
        pad.poll(queue, 0)
        return drain(queue)

    assert frame(keys=[(0, True), (1, True), (2, True), (3, True)]) == [BACK, SELECT, BACK, HINT]
    assert frame(x=60000) == [RIGHT]
    assert frame(x=60000) == []  # held: once
    assert frame(x=40000) == []  # not back in the middle yet
    assert frame(x=30000) == []
    assert frame(x=1000) == [LEFT]
    assert frame() == []
    assert frame(y=1000) == [UP]
    assert frame() == []
    assert frame(y=65535) == [DOWN]


def test_pyportal_touch_is_one_event_per_press(monkeypatch):
    hardware = Hardware("pyportal", PINS["pyportal"])
    hardware.install(monkeypatch)
    import hw_pyportal

    pad = hw_pyportal.Input()
    assert pad.touch.kwargs["calibration"] == ((5200, 59000), (5800, 57000))
    assert pad.touch.kwargs["size"] == (320, 240)
    queue = EventQueue()
    readings = [(None, 0), ((100, 50, 1), 10), ((102, 51, 1), 20), (None, 30),  # flicker
                ((101, 50, 1), 40), (None, 60), (None, 100), (None, 140),  # let go
                ((200, 120, 1), 150)]
    events = []
    for point, now in readings:
        hardware.touches = [point]
        pad.poll(queue, now)
        code = queue.pop()
        while code != NONE:
            events.append((code, queue.x, queue.y, now))
            code = queue.pop()
    assert events == [(TOUCH, 100, 50, 10), (TOUCH, 200, 120, 150)]


# -- boot.py -----------------------------------------------------------------------------------


def run_boot(monkeypatch, hardware, capsys):
    hardware.install(monkeypatch)
    monkeypatch.setattr("time.sleep", lambda seconds: None)
    runpy.run_path(str(ROOT / "boot.py"), run_name="__main__")
    return capsys.readouterr().out


@pytest.mark.parametrize("board_id, pins, hold", [
    ("raspberry_pi_pico", "pico", "GP14"),
    ("raspberry_pi_pico2_w", "pico", "GP14"),
    ("pybadge", "badge", 1),
    ("pygamer", "gamer", 1),
    ("pyportal", "pyportal", "touch"),
])
@pytest.mark.parametrize("held", [False, True])
def test_boot_gives_the_drive_to_the_game_unless_the_button_is_held(
        board_id, pins, hold, held, monkeypatch, capsys):
    hardware = Hardware(board_id, PINS[pins])
    if held:
        if hold == "touch":
            hardware.touches = [None, (160, 120, 20000)]
        elif hold == 1:
            hardware.shift_held = {1}  # A
        else:
            hardware.pin_values[hold] = False  # pulled low: pressed
    elif hold == 1:
        hardware.shift_held = {0, 2}  # B and START do not count
    out = run_boot(monkeypatch, hardware, capsys)
    if held:
        assert hardware.remounts == []
        assert "button held" in out
    else:
        assert hardware.remounts == [("/", False)]
        assert "the game may write to the drive" in out
    if hold == 1:  # the pins are free for code.py's keypad
        assert sorted(hardware.deinited_pins) == ["BUTTON_CLOCK", "BUTTON_LATCH", "BUTTON_OUT"]


def test_boot_leaves_an_unknown_board_alone(monkeypatch, capsys):
    hardware = Hardware("feather_m4_express", ())
    assert "unknown board" in run_boot(monkeypatch, hardware, capsys)
    assert hardware.remounts == []


def test_boot_without_the_touchscreen_library_leaves_the_drive(monkeypatch, capsys):
    hardware = Hardware("pyportal", PINS["pyportal"])
    hardware.modules["adafruit_touchscreen"] = None  # deployed with LIBS=0
    out = run_boot(monkeypatch, hardware, capsys)
    assert hardware.remounts == []
    assert "could not read the button" in out


def test_boot_knows_every_board_the_game_runs_on():
    # boot.py keeps its own lists (it runs before lib/ is on the path): a board the game
    # knows but boot.py does not would never get its drive, and nothing would be saved.
    import ast

    tree = ast.parse((ROOT / "boot.py").read_text())
    ids = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id.endswith("_IDS"):
            ids |= set(ast.literal_eval(node.value))
    loaded = "hardware" in sys.modules
    import hardware

    assert ids == set(hardware.BOARD_IDS)
    if not loaded:  # other tests check that the start-up code leaves once the game runs
        del sys.modules["hardware"]
