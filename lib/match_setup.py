"""What a match is played with: who sits where, the rules options, the level, language and deck.

The title menu fills one ``MatchSetup``; the game (lib/game.py) plays it, the save file
(lib/save.py) stores it with the match, and ``rules()`` turns its options into engine ``Rules``.

Seats: ``seats[seat]`` is ``BOT`` (0) or a person number 1..4; ``names[n - 1]`` is person n's
name. Seat 0 is the first person; partners sit opposite (seats 0 and 2 against 1 and 3).
Modes: ``VS_BOTS`` (you at seat 0 with a bot partner against two bots), ``PASS`` (two to four
people, bots in the empty seats) and ``WATCH`` (four bots).

Options a menu offers (RULES §11 names): ``preset`` (one of ``PRESETS``), ``tre_gradi``
(the modifier), ``target``, ``re_bello``, ``napola``, ``ace_sweep`` (the ace variant, §7) and
``deal_shape``. ``from_preset()`` sets the options to what the preset says; the player may then
change each one, and ``rules()`` passes them as overrides, so the engine refuses a combination
that makes no sense (RulesError, with the message to show).

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
LEVELS = ("easy", "normal", "hard")  # the board levels (engine/bots/levels.py)
LANGUAGES = ("en", "it")
DECKS = ("italian", "french")

DEFAULT_NAMES = ("Anna", "Bruno", "Carla", "Dario")

# The ace sub-rules (RULES §7) at the values that mean "no ace sweep".
_NO_ACE_SWEEP = {"ace_sweep_scores_scopa": False, "ace_with_ace_on_table": "takes_ace",
                 "ace_on_empty_table": "takes_itself", "ace_may_decline": False,
                 "first_lead_ace_banned": "never"}


class MatchSetup:
    """One match's set-up (see the module docstring)."""

    def __init__(self, mode: int = VS_BOTS, people: int = 1):
        self.mode = VS_BOTS
        self.seats = bytearray(4)  # seat -> BOT or person number 1..4
        self.names = list(DEFAULT_NAMES)
        self.level = "normal"
        self.language = "en"
        self.deck = "italian"
        self.seed = 1
        self.from_preset("chitarrella")
        self.set_mode(mode, people)

    # -- seats ----------------------------------------------------------------------------

    def set_mode(self, mode: int, people: int = 1) -> None:
        """Seat ``people`` persons for ``mode``: VS_BOTS one at seat 0; PASS two to four
        (the second opposite the first as partners, then seats 1 and 3); WATCH none."""
        if mode not in (VS_BOTS, PASS, WATCH):
            raise ValueError("unknown mode %r" % (mode,))
        if mode == VS_BOTS:
            people = 1
        elif mode == WATCH:
            people = 0
        elif not 2 <= people <= 4:
            raise ValueError("pass-and-play needs 2 to 4 people, not %d" % people)
        self.mode = mode
        for seat in range(4):
            self.seats[seat] = BOT
        for person, seat in enumerate((0, 2, 1, 3)[:people]):
            self.seats[seat] = person + 1

    def set_seats(self, seats) -> None:
        """Seat people by hand: ``seats[seat]`` BOT or a person number 1..4, each person at
        most once (partners are chosen by where they sit: seats 0 and 2, 1 and 3)."""
        people = [n for n in seats if n != BOT]
        if len(seats) != 4 or len(set(people)) != len(people) or \
                [n for n in people if not 1 <= n <= 4]:
            raise ValueError("seats must name people 1..4 at most once each, not %r"
                             % (list(seats),))
        for seat in range(4):
            self.seats[seat] = seats[seat]
        count = len(people)
        self.mode = WATCH if count == 0 else (VS_BOTS if count == 1 else PASS)

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

    # -- rules ----------------------------------------------------------------------------

    def from_preset(self, preset: str) -> None:
        """Choose ``preset`` and set every option to the value it gives."""
        from engine.rules import Rules

        values = Rules(preset).values
        self.preset = preset
        self.tre_gradi = False
        self.target = values["target"]
        self.re_bello = values["re_bello"]
        self.napola = values["napola"]
        self.ace_sweep = values["ace_sweep"]
        self.deal_shape = values["deal_shape"]

    def preset_expression(self) -> str:
        """The preset with its modifier, e.g. ``"dieci+tre_gradi"``."""
        return self.preset + "+tre_gradi" if self.tre_gradi else self.preset

    def overrides(self) -> dict:
        """The options as RULES §11 overrides. Turning a preset's variant off turns off the
        rules that hang on it (napoleone with napola, the ace sub-rules with ace_sweep), and
        tre gradi brings declaring out (C-25, C-26)."""
        out = {"target": self.target, "re_bello": self.re_bello, "napola": self.napola,
               "ace_sweep": self.ace_sweep, "deal_shape": self.deal_shape}
        if self.napola == "off":
            out["napoleone_wins"] = False
        if not self.ace_sweep:
            out.update(_NO_ACE_SWEEP)
        if self.tre_gradi:
            out["declare_out"] = True
        return out

    def rules(self):
        """The engine Rules; raises engine.rules.RulesError for a combination that makes
        no sense (its message says which options clash)."""
        from engine.rules import Rules

        return Rules(self.preset_expression(), self.overrides())

    def copy(self) -> "MatchSetup":
        """An independent copy (the menu edits one while a saved match keeps another)."""
        other = MatchSetup()
        for name in ("mode", "level", "language", "deck", "seed", "preset", "tre_gradi",
                     "target", "re_bello", "napola", "ace_sweep", "deal_shape"):
            setattr(other, name, getattr(self, name))
        other.seats[:] = self.seats
        other.names = list(self.names)
        return other

    def __eq__(self, other) -> bool:
        return isinstance(other, MatchSetup) and self.__dict__ == other.__dict__

    def __repr__(self) -> str:
        return "MatchSetup(%s, seats=%s, %s, %s)" % (
            MODES[self.mode], list(self.seats), self.preset_expression(), self.level)
