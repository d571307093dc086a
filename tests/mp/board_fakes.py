"""What a board's start-up gives the app, faked for the scripts of tests/mp/ that run the game
through its own loop on MicroPython (with the displayio stand-ins of sim/mp/stubs/): a display
that draws nothing, a clock that reads a second later each time, so the bots never wait, and
a speaker that counts its notes.
The card sheets come from lib/main_loop.py's own loader (``Sheets``)."""


class Display:
    root_group = None
    auto_refresh = True

    def refresh(self):
        pass


class Speaker:
    """lib/sound.py's two calls of a board's speaker; counts the notes asked for."""

    def __init__(self):
        self.notes = 0

    def tone(self, hz):
        self.notes += 1

    def quiet(self):
        pass


class Clock:
    """Each reading a second later: the bots never wait."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 1000
        return self.now
