"""What ``code.py`` runs, and all of the board side that stays loaded during play: the main
loop and the card-sheet loader.

``main()`` has lib/hardware.py start the game (board identification, driver, display, input,
the first card sheet, the ``App``), then drops ``hardware`` and ``boards`` from
``sys.modules`` and runs the main loop: poll the input into an ``EventQueue``, ``app.handle``
each event, ``app.tick``, and collect garbage at calm points. Start-up code is needed once,
so it does not stay on the heap during play; nothing the game keeps refers to ``hardware``'s
functions or globals (a MicroPython function keeps its module's globals alive), which is why
the loop and ``Sheets`` (the ``App`` calls it again when the player changes the deck style)
live here.

Power: after ``DIM_AFTER_MS`` without input while the game waits for a person (no bot about to
play, no tune), the backlight dims to ``DIM_BRIGHTNESS``; the next press or touch lights it
and does nothing else.

Memory: ``gc.collect()`` runs after start-up and then at most every ``GC_EVERY_MS`` in a frame
with no input while no bot is about to play and no tune plays (lib/sound.py).

The display refreshes once a frame, after the events and the bots' play, instead of on its
own: a screen change lets one scene go before the next is built and drawn (lib/app.py), and
the display must not show the empty or half-drawn screen in between.

CircuitPython only at run time (it imports ``board``); the tests fake the board modules
(tests/test_code_py.py).
"""

import gc
import sys
import time

from input_events import NONE

from engine.clock import ticks_diff, ticks_ms

GC_EVERY_MS = 2000  # at most one collection in this many milliseconds
FRAME_S = 0.01  # a pause each frame: keypad scans in the background
# The backlight is most of what a PyBadge or a PyGamer on battery draws: after this long
# without input while the game waits for a person, it dims; the next press only lights it.
DIM_AFTER_MS = 60_000
DIM_BRIGHTNESS = 0.1


def load_sheet(profile, style: str, root: str = "/") -> tuple:
    """The card sheet of ``style`` for ``profile``'s screen as a displayio (bitmap, palette),
    read from ``root`` + ``assets/`` (the drive's root on a board).

    The bitmap is an ``OnDiskBitmap``: its pixels stay in the file, and displayio reads the
    ones it draws, so the heap holds the open file and the palette instead of a 4-bit copy
    of the whole sheet (13 to 29 KB by screen; sim/memory_budget.md). Drawing reads flash:
    slower than a Bitmap in RAM, and cards are small."""
    import card_tiles
    import displayio

    path = card_tiles.sheet_path(style, profile.width, profile.height)  # "/assets/..."
    bitmap = displayio.OnDiskBitmap(root.rstrip("/") + path)
    palette = bitmap.pixel_shader
    if not isinstance(palette, displayio.Palette):
        raise ValueError("%s has no palette" % path)
    palette.make_transparent(card_tiles.TRANSPARENT)
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


def run(app, pad, queue, max_frames=None) -> int:
    """The main loop: poll ``pad`` into ``queue``, hand each event to ``app``, tick it, and
    collect garbage when calm, refresh the display. Runs ``max_frames`` frames (for ever when
    None); returns the number of frames run."""
    display = app.display
    if display is not None:
        display.auto_refresh = False  # refreshed below, once the frame's changes are made
    last_gc = last_input = ticks_ms()
    lit = None  # while dimmed, the brightness to bring back
    dimmable = display is not None
    frames = 0
    while max_frames is None or frames < max_frames:
        now = ticks_ms()
        pad.poll(queue, now)
        calm = True
        code = queue.pop()
        if code != NONE:
            last_input = now
            if lit is not None:  # the player cannot see what the press would do: it only
                display.brightness = lit  # lights the screen
                lit = None
                while code != NONE:
                    code = queue.pop()
        while code != NONE:
            app.handle(code, queue.x, queue.y)
            calm = False
            code = queue.pop()
        app.tick()
        if display is not None:
            display.refresh()
        if calm and not app.busy:  # no input, and no bot about to play nor tune playing
            if ticks_diff(now, last_gc) >= GC_EVERY_MS:
                gc.collect()
                last_gc = ticks_ms()
            if dimmable and lit is None and ticks_diff(now, last_input) >= DIM_AFTER_MS:
                lit = _dim(display)
                dimmable = lit is not None
        frames += 1
        if FRAME_S:
            time.sleep(FRAME_S)
    return frames


def _dim(display):
    """Dim ``display``'s backlight; returns the brightness to bring back, or None for a
    display whose backlight cannot change (CircuitPython raises RuntimeError)."""
    try:
        lit = display.brightness
        display.brightness = min(lit, DIM_BRIGHTNESS)
    except (AttributeError, RuntimeError):
        return None
    return lit


def main(max_frames=None, assets: str = "/", saves: str = "/", free: int = 0):
    """Start the game on this board and run it (for ever unless ``max_frames`` is given).

    ``assets`` is the folder holding ``assets/`` and ``saves`` the one for the save and the
    statistics (both the drive's root on a board; only read when the game may not write).
    ``free`` is the heap free as code.py began (0 if unknown): below lib/boards.py's
    ``SEARCH_MIN_FREE`` the bots play without their search.
    Returns the ``App``, or None when the board cannot run the game (lib/hardware.py has then
    shown why and idled for ``max_frames``).
    """
    import hardware

    started = hardware.start(max_frames, assets, saves, free)
    del hardware  # this frame's reference: the module must go with its sys.modules entry
    sys.modules.pop("hardware", None)
    sys.modules.pop("boards", None)  # the profile (a named tuple) stays, the table goes
    if started is None:
        return None
    app, pad, queue = started
    gc.collect()
    import board

    print("Scopone on %s (%s), %d bytes free, %d at start%s" % (
        board.board_id, app.board.name, _mem_free(), free,
        "" if app.board.search else ": too few for the bots' search"))
    run(app, pad, queue, max_frames)
    return app


def _mem_free() -> int:
    """Free heap bytes (CircuitPython's ``gc.mem_free``; 0 where there is none)."""
    mem_free = getattr(gc, "mem_free", None)
    return mem_free() if mem_free is not None else 0
