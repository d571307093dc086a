"""The board side of start-up: which board this is, its display and input, the card sheets, and
the main loop that ``code.py`` runs.

``main()`` reads ``board.board_id``, picks the lib/boards.py profile and the driver module for
that board, builds the display and the input adapter, loads the card sheet, makes the ``App``
(lib/app.py) and runs it: poll the input into an ``EventQueue``, ``app.handle`` each event,
``app.tick``, and collect garbage at calm points.

* ``pyportal``, ``pyportal_pynt``: profile ``pyportal``, driver ``hw_pyportal`` (touch);
* ``raspberry_pi_pico``, ``raspberry_pi_pico_w``, ``raspberry_pi_pico2``,
  ``raspberry_pi_pico2_w``: ``pico-display`` or ``pico-display-2``, ``hw_pico`` (4 buttons);
* ``pybadge``, ``edgebadge``: ``pybadge``, ``hw_badge`` (8 buttons);
* ``pygamer``: ``pybadge``, ``hw_gamer`` (4 buttons and a joystick).

A Pico cannot tell which Pimoroni Display Pack sits on it: the drive's ``settings.toml`` says,
``SCOPONE_BOARD = "pico-display-2"`` for the 2.0" 320x240 pack; without it the 1.14" 240x135
pack (``pico-display``) is assumed. Any other board (the PyPortal Titano's 480x320 screen
too) gets a message on its screen, if it has one, and on the serial console.

Each driver module has ``open_display(profile)`` (a display with ``root_group``) and
``Input()`` with ``poll(queue, now)``, which pushes lib/input_events.py codes into the queue
(``now`` is ``ticks_ms()``). Only the board's own driver is imported, and only its file is
copied to the drive (sim/deploy.py).

Memory: the event queue and the card sheet (7 to 15 KB, the biggest buffer) are allocated
first, before the heap fragments; ``gc.collect()`` runs after start-up and then at most every
``GC_EVERY_MS`` in a frame with no input while no bot is about to play.

CircuitPython only at run time (it imports ``board``); the tests fake the board modules
(tests/test_code_py.py).
"""

import gc
import os
import sys
import time

from input_events import NONE, EventQueue

from engine.clock import ticks_diff, ticks_ms

SETTING = "SCOPONE_BOARD"  # the settings.toml key naming a Pico's display pack
PICO_PROFILES = ("pico-display", "pico-display-2")  # the first is the default

GC_EVERY_MS = 2000  # at most one collection in this many milliseconds
FRAME_S = 0.01  # a pause each frame: the display refreshes and keypad scans in the background

# board_id, lib/boards.py profile ("" = a Pico: from settings.toml), driver module
_BOARDS = (
    ("pyportal", "pyportal", "hw_pyportal"),
    ("pyportal_pynt", "pyportal", "hw_pyportal"),
    ("raspberry_pi_pico", "", "hw_pico"),
    ("raspberry_pi_pico_w", "", "hw_pico"),
    ("raspberry_pi_pico2", "", "hw_pico"),
    ("raspberry_pi_pico2_w", "", "hw_pico"),
    ("pybadge", "pybadge", "hw_badge"),
    ("edgebadge", "pybadge", "hw_badge"),
    ("pygamer", "pybadge", "hw_gamer"),
)

BOARD_IDS = tuple(row[0] for row in _BOARDS)
"""The ``board.board_id`` values the game runs on."""

DRIVERS = ("hw_pyportal", "hw_pico", "hw_badge", "hw_gamer")
"""The driver modules in lib/, one per kind of board."""

SUPPORTED = ("Scopone runs on the PyPortal, a Raspberry Pi Pico with a Pimoroni Display Pack, "
             "the PyBadge and the PyGamer.")


class Unsupported(Exception):
    """This board, or its settings, cannot run the game; the message says why."""


def identify(board_id: str, setting=None) -> tuple:
    """(profile name, driver module name) for ``board_id``; ``setting`` is settings.toml's
    ``SCOPONE_BOARD`` (a Pico's display pack). Raises ``Unsupported`` with the message to
    show."""
    for row in _BOARDS:
        if row[0] == board_id:
            name = row[1]
            if not name:
                name = setting or PICO_PROFILES[0]
                if name not in PICO_PROFILES:
                    raise Unsupported(
                        "Scopone: %s = %r in settings.toml is not a display pack. Use "
                        "\"pico-display\" (1.14 inch, 240x135) or \"pico-display-2\" (2.0 inch, "
                        "320x240)." % (SETTING, name))
            return name, row[2]
    if board_id == "pyportal_titano":
        raise Unsupported("Scopone: the PyPortal Titano's 480x320 screen is not supported yet. "
                          + SUPPORTED)
    raise Unsupported("Scopone: this board (%s) is not supported. %s" % (board_id, SUPPORTED))


def driver(name: str):
    """The driver module called ``name`` (imported now: only this board's costs memory)."""
    if name == "hw_pyportal":
        import hw_pyportal

        return hw_pyportal
    if name == "hw_pico":
        import hw_pico

        return hw_pico
    if name == "hw_badge":
        import hw_badge

        return hw_badge
    if name == "hw_gamer":
        import hw_gamer

        return hw_gamer
    raise ValueError("unknown driver %r" % (name,))


def load_sheet(profile, style: str, root: str = "/") -> tuple:
    """The card sheet of ``style`` for ``profile``'s screen as a displayio (bitmap, palette),
    read from ``root`` + ``assets/`` (the drive's root on a board)."""
    import adafruit_imageload
    import card_tiles
    import displayio

    path = card_tiles.sheet_path(style, profile.width, profile.height)  # "/assets/..."
    bitmap, palette = adafruit_imageload.load(root.rstrip("/") + path, bitmap=displayio.Bitmap,
                                              palette=displayio.Palette)
    if palette is None:
        raise ValueError("%s has no palette" % path)
    palette.make_transparent(card_tiles.TRANSPARENT)
    for name in [name for name in sys.modules if name.startswith("adafruit_imageload")]:
        del sys.modules[name]  # its code is needed again only for another deck's sheet
    return bitmap, palette


class Sheets:
    """``load_sheet`` for the ``App``: keeps the last sheet, so the one loaded at start-up is
    not read twice, and frees it before reading another style."""

    def __init__(self, profile, root: str = "/"):
        self.profile = profile
        self.root = root
        self.style = ""
        self.sheet = None

    def __call__(self, style: str) -> tuple:
        if style != self.style or self.sheet is None:
            self.sheet = None  # let the old bitmap go before the new one is read
            gc.collect()
            self.sheet = load_sheet(self.profile, style, self.root)
            self.style = style
        return self.sheet


def writable(path: str):
    """``path`` if the game may write to the drive (boot.py remounted it), else None."""
    import storage

    try:
        if storage.getmount("/").readonly:
            return None
    except OSError:
        return None
    return path


def wrap(text: str, chars: int) -> str:
    """``text`` broken into lines of at most ``chars`` characters at spaces."""
    lines = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > chars:
            lines.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    if line:
        lines.append(line)
    return "\n".join(lines)


def show_message(display, text: str):
    """Show ``text`` in the built-in font on ``display`` (if any) and print it to the serial
    console; returns the label (None without a display)."""
    print(text)
    if display is None:
        return None
    import displayio
    from text_line import TextLine

    chars = display.width // 6 - 1
    text = wrap(text, chars)
    group = displayio.Group()
    label = TextLine(3, 1, chars, rows=text.count("\n") + 1)  # font tiles, text_line.py
    label.text = text
    group.append(label)
    display.root_group = group
    return label


def idle(max_frames=None) -> None:
    """Keep the program (and so the message on screen) alive: CircuitPython would otherwise
    end ``code.py`` and show its console. ``max_frames`` bounds the wait (tests)."""
    frames = 0
    while max_frames is None or frames < max_frames:
        time.sleep(FRAME_S * 100)
        frames += 1


def run(app, pad, queue, max_frames=None) -> int:
    """The main loop: poll ``pad`` into ``queue``, hand each event to ``app``, tick it, and
    collect garbage when calm. Runs ``max_frames`` frames (for ever when None); returns the
    number of frames run."""
    last_gc = ticks_ms()
    frames = 0
    while max_frames is None or frames < max_frames:
        now = ticks_ms()
        pad.poll(queue, now)
        calm = True
        code = queue.pop()
        while code != NONE:
            app.handle(code, queue.x, queue.y)
            calm = False
            code = queue.pop()
        app.tick()
        if calm and not app.busy and ticks_diff(now, last_gc) >= GC_EVERY_MS:
            gc.collect()
            last_gc = ticks_ms()
        frames += 1
        if FRAME_S:
            time.sleep(FRAME_S)
    return frames


def main(max_frames=None, assets: str = "/", saves: str = "/"):
    """Start the game on this board and run it (for ever unless ``max_frames`` is given).

    ``assets`` is the folder holding ``assets/`` and ``saves`` the one for the save and the
    statistics (both the drive's root on a board; used only when the drive is writable).
    Returns the ``App``, or None when the board cannot run the game (after showing why).
    """
    import board

    gc.collect()
    queue = EventQueue()
    try:
        name, driver_name = identify(board.board_id, os.getenv(SETTING))
        hw = driver(driver_name)
    except (Unsupported, ImportError) as error:
        text = str(error)
        if isinstance(error, ImportError):
            text = ("Scopone could not start: %s. Deploy again with `make deploy` (it copies "
                    "this board's files and installs the libraries)." % (text,))
        show_message(getattr(board, "DISPLAY", None), text)
        idle(max_frames)
        return None
    import boards

    profile = boards.profile(name)
    display = hw.open_display(profile)
    pad = hw.Input()
    sheets = Sheets(profile, assets)
    sheets("italian")  # the biggest buffer, read while the heap is still in one piece
    gc.collect()
    from app import App

    app = App(profile, display, sheets, clock_ms=ticks_ms, save_dir=writable(saves))
    gc.collect()
    print("Scopone on %s (%s), %d bytes free" % (board.board_id, name, _mem_free()))
    run(app, pad, queue, max_frames)
    return app


def _mem_free() -> int:
    """Free heap bytes (CircuitPython's ``gc.mem_free``; 0 where there is none)."""
    mem_free = getattr(gc, "mem_free", None)
    return mem_free() if mem_free is not None else 0
