"""The board side of start-up: which board this is, its display and input, the first card
sheet and the ``App``. lib/main_loop.py (what ``code.py`` runs) calls ``start()`` and then
drops this module: none of it is needed during play.

``start()`` reads ``board.board_id``, picks the lib/boards.py profile and the driver module
for that board, builds the display and the input adapter, loads the card sheet and makes the
``App`` (lib/app.py); it returns them for the main loop. Nothing it returns refers to this
module's functions or globals (a MicroPython function keeps its module's globals alive), so
dropping the module frees it: the sheet loader the ``App`` keeps is lib/main_loop.py's.

* ``pyportal``, ``pyportal_pynt``: profile ``pyportal``, driver ``hw_pyportal`` (touch);
* ``raspberry_pi_pico``, ``raspberry_pi_pico_w``, ``raspberry_pi_pico2``,
  ``raspberry_pi_pico2_w``: ``pico-display`` or ``pico-display-2``, ``hw_pico`` (4 buttons);
* ``pybadge``, ``edgebadge``, ``pygamer``: ``pybadge``, ``hw_badge`` (8 buttons, or the
  PyGamer's 4 buttons and joystick).

A Pico cannot tell which Pimoroni Display Pack sits on it: the drive's ``settings.toml`` says,
``SCOPONE_BOARD = "pico-display-2"`` for the 2.0" 320x240 pack; without it the 1.14" 240x135
pack (``pico-display``) is assumed. Any other board (the PyPortal Titano's 480x320 screen
too) gets a message on its screen, if it has one, and on the serial console, and ``start()``
keeps it there (``idle``).

Each driver module has ``open_display(profile)`` (a display with ``root_group``) and
``Input()`` with ``poll(queue, now)``, which pushes lib/input_events.py codes into the queue
(``now`` is ``ticks_ms()``). Only the board's own driver is imported, and only its file is
copied to the drive (sim/deploy.py).

On a board with a speaker (lib/boards.py ``speaker``) the speaker is opened with the display
and input (lib/sound.py ``Speaker``).

Memory: the event queue and the Italian card sheet (an OnDiskBitmap: its open file with a
512-byte sector buffer, and its palette) are allocated first, before the heap fragments, right
after the display and input objects; with French cards kept on the drive, the French sheet
replaces it when the first table is built.

CircuitPython only at run time (it imports ``board``); the tests fake the board modules
(tests/test_code_py.py).
"""

import gc
import os
import time

from input_events import EventQueue
from main_loop import Sheets

from engine.clock import ticks_ms

SETTING = "SCOPONE_BOARD"  # the settings.toml key naming a Pico's display pack
PICO_PROFILES = ("pico-display", "pico-display-2")  # the first is the default

IDLE_S = 1  # the pause between checks while a message stays on the screen

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
    ("pygamer", "pybadge", "hw_badge"),
)

BOARD_IDS = tuple(row[0] for row in _BOARDS)
"""The ``board.board_id`` values the game runs on."""

DRIVERS = ("hw_pyportal", "hw_pico", "hw_badge")
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
    raise ValueError("unknown driver %r" % (name,))


def read_only() -> bool:
    """True unless the game may write to the drive (boot.py remounted it)."""
    import storage

    try:
        return storage.getmount("/").readonly
    except OSError:
        return True


def show_message(display, text: str):
    """Show ``text`` in the built-in font on ``display`` (if any) and print it to the serial
    console; returns the label (None without a display)."""
    print(text)
    if display is None:
        return None
    import displayio
    from text_line import TextLine, wrap

    chars = display.width // 6 - 1
    text = "\n".join(wrap(text, chars))
    group = displayio.Group()
    label = TextLine(3, 1, chars, rows=text.count("\n") + 1)  # font tiles, text_line.py
    label.text = text
    group.append(label.layer)
    display.root_group = group
    return label


def idle(max_frames=None) -> None:
    """Keep the program (and so the message on screen) alive: CircuitPython would otherwise
    end ``code.py`` and show its console. ``max_frames`` bounds the wait (tests)."""
    frames = 0
    while max_frames is None or frames < max_frames:
        time.sleep(IDLE_S)
        frames += 1


def start(max_frames=None, assets: str = "/", saves: str = "/", free: int = 0):
    """Start the game on this board: (app, input adapter, event queue) for the main loop.

    ``assets`` is the folder holding ``assets/`` and ``saves`` the one for the save and the
    statistics (both the drive's root on a board; only read when the game may not write);
    ``free`` the heap free at start, for the profile (lib/boards.py ``profile``).
    When the board cannot run the game, shows why, idles (for ever unless ``max_frames`` is
    given) and returns None.
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

    profile = boards.profile(name, free)
    display = hw.open_display(profile)
    pad = hw.Input()
    speaker = open_speaker() if profile.speaker else None
    sheets = Sheets(profile, assets)
    sheets("italian")  # its file's sector buffer, opened while the heap is still in one piece
    gc.collect()
    from app import App

    app = App(profile, display, sheets, clock_ms=ticks_ms, save_dir=saves,
              read_only=read_only(), speaker=speaker)
    return app, pad, queue


def open_speaker():
    """The board's speaker (lib/sound.py), or None, and why on the console, when its firmware
    cannot sound it (a build without ``audioio``): the game then plays silent."""
    from sound import Speaker

    try:
        return Speaker()
    except (ImportError, AttributeError, ValueError, RuntimeError) as error:
        print("Scopone plays without sound:", error)
        return None
