"""What a board's start-up gives the app, faked for the scripts of tests/mp/ that run the game
through its own loop on MicroPython (with the displayio stand-ins of sim/mp/stubs/): a display
that draws nothing and a clock that reads a second later each time, so the bots never wait.
The card sheets come from lib/main_loop.py's own loader (``Sheets``)."""


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
