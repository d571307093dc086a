"""The player's choices kept across power cuts: the title's set-up (language, level, deck, the
rules options, the pass-and-play names and seating) in a small file beside the save.

The title reads it when the board starts and writes it when the player leaves a menu of
choices or changes the language (lib/title_menus.py), so a board does not come back in
English with the default rules at every power-on once no match is saved. A saved match
still brings its own language to the title. The sound turned from the pause menu is written
when the match ends, or when the title shows if the match is left before (lib/app.py).

The payload is the set-up part of a save (lib/save.py ``put_setup``, the first table of its
docstring; read back by lib/save_read.py, which checks every byte and the rules), in
lib/record_file.py's container with magic ``SP``: written atomically, and a missing,
damaged or old-version file gives the default set-up, the reason on the console in one
line. The app drops this module after each use (lib/app.py ``_FILE_MODULES``).

Allocation: edge only.
"""

from match_setup import MatchSetup
from record_file import write_record
from save import put_setup

SETTINGS_NAME = "scopone.set"
VERSION = 1
MAGIC = b"SP"


def load(directory: str):
    """The set-up stored in ``directory``; the default one if there is none or it cannot be
    used (then the reason goes to the console)."""
    from record_read import SaveError, read_record  # the readers, for reading only
    from save_read import decode_settings

    try:
        setup = read_record(directory, SETTINGS_NAME, MAGIC, VERSION, "settings",
                            decode_settings)
    except SaveError as error:
        print("settings ignored:", error)
        setup = None
    return setup if setup is not None else MatchSetup()


def store(directory: str, setup) -> None:
    """Write ``setup`` atomically; raises OSError if the drive cannot be written."""
    out = bytearray()
    put_setup(out, setup)
    write_record(directory, SETTINGS_NAME, MAGIC, VERSION, out)


def keep(app) -> None:
    """Store the title's set-up (``app.setup``) for the next start, seated as the players
    screen is (``app.pass_seats``: the title's other choices seat people by themselves), and
    leave it as it was. A drive that cannot be written stops the app's writes."""
    setup = app.setup
    mode, seats = setup.mode, bytes(setup.seats)
    try:
        setup.set_seats(app.pass_seats)
    except ValueError:  # a person seated twice: the title's seats are kept instead
        pass
    try:
        store(app.save_dir, setup)
    except OSError as error:  # a read-only drive (boot.py's button held): go on without
        app._cannot_write(error)
    finally:
        setup.seats[:] = seats
        setup.mode = mode
    app.keep_choices = False
