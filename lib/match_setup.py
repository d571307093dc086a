"""What a match is played with: who sits where, the rules options, the level, the bots' pace,
the language, the deck and the sound.

The title menu fills one ``MatchSetup``; the game (lib/game.py) plays it, the save file
(lib/save.py) stores it with the match, and ``rules()`` turns its options into engine ``Rules``.

Seats: ``seats[seat]`` is ``BOT`` (0) or a person number 1..4; ``names[n - 1]`` is person n's
name. Seat 0 is the first person; partners sit opposite (seats 0 and 2 against 1 and 3).
Modes: ``VS_BOTS`` (you at seat 0 with a bot partner against two bots), ``PASS`` (two to four
people, bots in the empty seats) and ``WATCH`` (four bots).

Options a menu offers (RULES §11 names): ``preset`` (one of ``PRESETS``), ``tre_gradi``
(the modifier), ``target``, ``re_bello``, ``napola``, ``ace_sweep`` (the ace variant, §7),
``deal_shape`` and ``review_captures`` (which captured cards a player may look at again,
C-27). ``from_preset()`` sets the options to what the preset says; the player may then
change each one, and ``rules()`` passes them as overrides, so the engine refuses a combination
that makes no sense (RulesError, with the message to show). Those set-up methods run in
lib/match_options.py, which the app drops when a match starts: a match holds its set-up as data.

Allocation: at set-up only.
"""

BOT = 0

VS_BOTS = 0
PASS = 1
WATCH = 2
MODES = ("vs_bots", "pass", "watch")

PRESETS = ("chitarrella", "figs", "dieci", "assi", "veneto")
TARGETS = (11, 16, 21, 31)
NAPOLA = ("off", "full", "cap6")
DEAL_SHAPES = ("9+4", "10+0")
REVIEWS = ("none", "first_capture", "own_pile")  # review_captures (C-27; RULES §10 row 33)
LEVELS = ("easy", "normal", "hard")  # the board levels (engine/bots/levels.py)
PACES = ("normal", "fast", "slow")  # how long the bots' plays stay on show (lib/game.py)
LANGUAGES = ("en", "it")
DECKS = ("italian", "french")

DEFAULT_NAMES = ("Anna", "Bruno", "Carla", "Dario")
NAME_CHARS = 8  # letters in a name at most (lib/title_menus.py spells them, lib/save.py keeps)


def _options():
    # The set-up code (lib/match_options.py), loaded when used: a match holds none of it.
    return __import__("match_options")


class MatchSetup:
    """One match's set-up (see the module docstring)."""

    def __init__(self, mode: int = VS_BOTS, people: int = 1):
        self.mode = VS_BOTS
        self.seats = bytearray(4)  # seat -> BOT or person number 1..4
        self.names = list(DEFAULT_NAMES)
        self.level = "normal"
        self.pace = "normal"
        self.sound = True  # the table's tunes, on a board with a speaker (lib/sound.py)
        self.language = "en"
        self.deck = "italian"
        self.seed = 1
        self.tre_gradi = False
        self.from_preset("chitarrella")
        self.set_mode(mode, people)

    # -- seats ----------------------------------------------------------------------------

    @property
    def people(self) -> int:
        """How many people play."""
        return sum(1 for n in self.seats if n != BOT)

    def name_at(self, seat: int) -> str:
        """The name of the person at ``seat`` (empty for a bot)."""
        person = self.seats[seat]
        return self.names[person - 1] if person != BOT else ""

    def first_person_seat(self) -> int:
        """The first seat a person holds (whose view the table starts from); 0 if none."""
        for seat in range(4):
            if self.seats[seat] != BOT:
                return seat
        return 0

    # -- set-up: lib/match_options.py, loaded while a match is set up ----------------------

    def set_mode(self, mode: int, people: int = 1) -> None:
        """Seat ``people`` persons for ``mode``: VS_BOTS one at seat 0; PASS two to four
        (the second opposite the first as partners, then seats 1 and 3); WATCH none."""
        _options().set_mode(self, mode, people)

    def set_seats(self, seats) -> None:
        """Seat people by hand: ``seats[seat]`` BOT or a person number 1..4, each person at
        most once (partners are chosen by where they sit: seats 0 and 2, 1 and 3)."""
        _options().set_seats(self, seats)

    def from_preset(self, preset: str) -> None:
        """Choose ``preset`` and set every option to the value it gives (tre gradi, the
        modifier, stays)."""
        _options().from_preset(self, preset)

    def preset_expression(self) -> str:
        """The preset with its modifier, e.g. ``"dieci+tre_gradi"``."""
        return self.preset + "+tre_gradi" if self.tre_gradi else self.preset

    def overrides(self) -> dict:
        """The options as RULES §11 overrides (lib/match_options.py ``overrides``)."""
        return _options().overrides(self)

    def rules(self):
        """The engine Rules; raises engine.rules.RulesError for a combination that makes
        no sense (its message says which options clash)."""
        return _options().rules(self)

    def copy(self) -> "MatchSetup":
        """An independent copy (the menu edits one while a saved match keeps another)."""
        other = MatchSetup()
        for name in ("mode", "level", "pace", "sound", "language", "deck", "seed", "preset",
                     "tre_gradi", "target", "re_bello", "napola", "ace_sweep", "deal_shape",
                     "review_captures"):
            setattr(other, name, getattr(self, name))
        other.seats[:] = self.seats
        other.names = list(self.names)
        return other

    def __eq__(self, other) -> bool:
        return isinstance(other, MatchSetup) and self.__dict__ == other.__dict__

    def __repr__(self) -> str:
        return "MatchSetup(%s, seats=%s, %s, %s)" % (
            MODES[self.mode], list(self.seats), self.preset_expression(), self.level)
