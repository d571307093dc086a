"""Desktop side of Scopone for handhelds: self-play, the arena, benchmarks, card art and the
simulator's display and input.

Desktop only: ordinary Python, never imported by ``engine/`` or ``lib/``. Importing it puts
``lib/`` on ``sys.path`` after everything else, as CircuitPython does on a board, so the
simulator imports the board-side modules the way ``code.py`` will (``import input_events``).
"""

import argparse
import os
import sys
from pathlib import Path

_LIB = str(Path(__file__).resolve().parent.parent / "lib")
if _LIB not in sys.path:
    sys.path.append(_LIB)


def reader_gone() -> int:
    """After a BrokenPipeError on stdout (``... | head``: the reader has what it wanted), end
    quietly: stdout to devnull, as Python's own docs advise, so the flush at exit finds no
    pipe. Returns 0, the command's status."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


class CommandParser(argparse.ArgumentParser):
    """argparse's parser for every desktop command (``python -m sim``, ``sim.deploy``...): a
    bad option is told in one line that says where the usage is, as the commands' own errors
    are, not after argparse's usage block."""

    def error(self, message):
        self.exit(2, "error: %s (%s --help shows the options)\n" % (message, self.prog))

    def make_folder(self, folder: Path) -> None:
        """Make the output folder ``folder`` (with its parents), or stop with a one-line
        error saying why it cannot be made."""
        try:
            make_folder(folder)
        except ValueError as error:
            self.error(str(error))


def make_folder(folder: Path) -> None:
    """Make the output folder ``folder`` (with its parents); ValueError says why it cannot."""
    if folder.exists() and not folder.is_dir():
        raise ValueError("%s is a file, not a folder" % folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError("cannot make the folder %s: %s"
                         % (folder, error.strerror or error)) from None
