"""The simulator's screen: a ``displayio`` display of a board's size in a pygame window or headless.

``open_display(board, scale=2)`` returns a ``SimDisplay``, a ``PyGameDisplay`` from
``blinka_displayio_pygamedisplay`` (pinned at 4.0.1) that behaves like ``board.DISPLAY``:
``display.width``/``height`` are the board's, the UI shows a group with
``display.root_group = group`` and draws it with ``display.refresh()``. The window is the
board's size times ``scale``; displayio still renders at the board's resolution into ``frame``
(a pygame Surface), which is then scaled into the window, so what the UI sees is exactly the
board.

Headless (``headless=True``, for tests and ``--headless`` scripts): ``SDL_VIDEODRIVER=dummy``
is set before pygame starts its video system (SDL reads it then, not at import), so no display
server is needed. ``screenshot(path)`` saves ``frame`` as a PNG at the board's resolution, or
``scale`` times larger.

Library facts this module relies on (read from the 4.0.1 source):

* importing ``displayio`` (Blinka) starts a daemon thread that calls each display's
  ``_background()`` every millisecond; ``PyGameDisplay._background`` only posts a pygame
  event, and the refresh happens when the main thread calls ``check_quit()`` or
  ``event_loop()``. So with ``auto_refresh=True`` nothing is drawn unless the main loop pumps
  ``check_quit``. We default to ``auto_refresh=False`` and explicit ``refresh()``: the same
  code path on a board, deterministic in tests, and no pygame calls from another thread.
* Blinka allows one display at a time (``CIRCUITPY_DISPLAY_LIMIT = 1``) and pygame one
  window: call ``close()`` (``displayio.release_displays()``) before opening another.
* Every refresh redraws the whole screen (``_get_refresh_areas`` is the full area), through
  RGB565: colours come back quantised to 5-6-5 bits (pure primaries, black and white exact).
* ``PyGameDisplay`` has no scale option, and it blits into ``_pygame_screen``; we point that
  at an off-screen surface of the board's size and scale it into the real window.

Desktop only.
"""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import boards  # noqa: E402  (lib/boards.py)

_display_class = None  # SimDisplay, defined on first use: importing the library starts a thread


def use_headless() -> None:
    """Make pygame render without a window (SDL's dummy video driver); call before pygame starts."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"


MAX_SCALE = 8  # a PyPortal's window 2560x1920; SDL refuses a window far larger


def open_display(board: boards.Board | str = boards.DEFAULT, *, scale: int = 1,
                 headless: bool = False, auto_refresh: bool = False,
                 caption: str | None = None):
    """A ``SimDisplay`` for ``board`` (a profile or a board name), ``scale`` times larger on
    screen; ``headless`` renders without a window. Close it before opening another."""
    if isinstance(board, str):
        board = boards.profile(board)
    if not 1 <= scale <= MAX_SCALE:
        raise ValueError("scale must be 1 to %d, not %r" % (MAX_SCALE, scale))
    if headless:
        use_headless()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # The simulator makes no sound; without this, pygame.init() opens the audio device
    # (ALSA errors on machines without one).
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    display_class = sim_display_class()
    import displayio

    displayio.release_displays()  # Blinka allows one display; a stale one would block us
    try:
        return display_class(board, scale=scale, auto_refresh=auto_refresh,
                             caption=caption or "Scopone - %s" % board.name)
    except BaseException:
        displayio.release_displays()  # __new__ registered it before __init__ failed
        raise


def sim_display_class():
    """Import the library and define ``SimDisplay`` once (kept out of module import time);
    tests call it to load Blinka's modules before they stand in for the board's."""
    global _display_class
    if _display_class is not None:
        return _display_class

    import pygame

    # Blinka's microcontroller module prints "WARNING: GENERIC_X86 is not fully supported"
    # on import; it is noise on a desktop, and it would clutter script output.
    with contextlib.redirect_stdout(io.StringIO()):
        from blinka_displayio_pygamedisplay import PyGameDisplay

    class SimDisplay(PyGameDisplay):
        """A ``PyGameDisplay`` the size of a board, shown ``scale`` times larger.

        ``board`` is the profile, ``frame`` the board-resolution pygame Surface that
        displayio draws into, ``window`` the (scaled) pygame window surface.
        """

        # BusDisplay.__new__ registers the display (displayio.allocate_display) with
        # displayio's background thread, which may read this before __init__ sets it: without
        # it, an AttributeError in that thread now and then
        _pygame_screen = None

        def __init__(self, board, *, scale=1, auto_refresh=False, caption=None):
            self.board = board
            self.scale = scale
            self.window = None
            super().__init__(width=board.width, height=board.height, caption=caption,
                             auto_refresh=auto_refresh)

        # Library hook: called by PyGameDisplay.__init__ to open the window.
        def _initialize(self, init_sequence):
            pygame.init()
            if self._caption:
                pygame.display.set_caption(self._caption)
            size = (self.width * self.scale, self.height * self.scale)
            self.window = pygame.display.set_mode(size, flags=self._flags)
            # PyGameDisplay._refresh_area blits the rendered pixels into _pygame_screen.
            self._pygame_screen = pygame.Surface((self.width, self.height))

        @property
        def frame(self):
            """The screen at the board's resolution (a pygame Surface)."""
            return self._pygame_screen

        # Library hook: called for each dirty area during refresh, before pygame's flip().
        def _refresh_area(self, area):
            done = super()._refresh_area(area)
            if self.scale == 1:
                self.window.blit(self._pygame_screen, (0, 0))
            else:
                pygame.transform.scale(self._pygame_screen, self.window.get_size(), self.window)
            return done

        # Library hook: displayio.release_displays() calls it; it quits pygame.
        def _release(self):
            self._pygame_screen = None  # tells the background thread to stop posting events
            self.window = None
            # PyGameDisplay._release only quits pygame; free the root group so it can be
            # shown again on the next display (else "Group already used").
            self.root_group = None
            super()._release()

        def screenshot(self, path, scale=1):
            """Save what is on screen (as of the last refresh) as a PNG of the board's
            resolution times ``scale``; returns the path."""
            path = Path(path)
            path.parent.mkdir(parents=True, exist_ok=True)
            image = self._pygame_screen
            if scale != 1:
                size = (self.width * scale, self.height * scale)
                image = pygame.transform.scale(image, size)
            pygame.image.save(image, str(path))
            return path

        def pixel(self, x, y):
            """The (r, g, b) on screen at board coordinate (x, y)."""
            return tuple(self._pygame_screen.get_at((x, y)))[:3]

        def close(self):
            """Release the display and quit pygame, so another display can be opened."""
            import displayio

            displayio.release_displays()

    _display_class = SimDisplay
    return SimDisplay
