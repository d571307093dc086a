"""What a board's start-up gives the app, faked for the scripts of tests/mp/ that run the game
through its own loop on MicroPython (with the displayio stand-ins of sim/mp/stubs/): a display
that draws nothing, a clock that reads a second later each time, so the bots never wait, and
the card sheets' loader."""

import card_tiles
import displayio


class Display:
    root_group = None
    auto_refresh = True

    def refresh(self):
        pass


class Clock:
    """Each reading a second later: the bots never wait."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 1000
        return self.now


def sheet_loader(profile):
    """``load_sheet(style)`` -> (bitmap, palette) for ``App``: the sheet of one deck style at a
    time, kept until another is asked for, as lib/main_loop.py keeps it."""
    sheets = {}

    def load_sheet(style):
        if style not in sheets:
            sheets.clear()
            bitmap = displayio.OnDiskBitmap(
                card_tiles.sheet_path(style, profile.width, profile.height))
            sheets[style] = (bitmap, bitmap.pixel_shader)
        return sheets[style]

    return load_sheet
