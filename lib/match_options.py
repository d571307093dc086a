"""Setting a ``MatchSetup``'s seats and rules options, and the engine ``Rules`` they make.

lib/match_setup.py's ``set_mode``, ``set_seats``, ``from_preset``, ``overrides`` and ``rules``
call these, and the options screen ``edited``. They run on the title's menus and when a match
starts, and the app drops this module then (lib/app.py ``_start``), so a board does not hold its
code during play: a match keeps its ``MatchSetup`` as data (the seats, names and options it was
started with).

Allocation: at set-up only.
"""

from match_setup import BOT, PASS, PRESETS, VS_BOTS, WATCH

# The ace sub-rules (RULES §7) at the values that mean "no ace sweep".
_NO_ACE_SWEEP = {"ace_sweep_scores_scopa": False, "ace_with_ace_on_table": "takes_ace",
                 "ace_on_empty_table": "takes_itself", "ace_may_decline": False,
                 "first_lead_ace_banned": "never"}


def set_mode(setup, mode: int, people: int = 1) -> None:
    """Seat ``people`` persons for ``mode``: VS_BOTS one at seat 0; PASS two to four
    (the second opposite the first as partners, then seats 1 and 3); WATCH none."""
    # Checked before any change, and ints only: True == 1 and 2.0 == 2, but the seats and
    # the mode must hold what a save can store.
    if type(mode) is not int or mode not in (VS_BOTS, PASS, WATCH):
        raise ValueError("unknown mode %r" % (mode,))
    if mode == VS_BOTS:
        people = 1
    elif mode == WATCH:
        people = 0
    elif type(people) is not int or not 2 <= people <= 4:
        raise ValueError("pass-and-play needs 2 to 4 people, not %r" % (people,))
    setup.mode = mode
    for seat in range(4):
        setup.seats[seat] = BOT
    for person, seat in enumerate((0, 2, 1, 3)[:people]):
        setup.seats[seat] = person + 1


def set_seats(setup, seats) -> None:
    """Seat people by hand: ``seats[seat]`` BOT or a person number 1..4, each person at
    most once (partners are chosen by where they sit: seats 0 and 2, 1 and 3)."""
    people = [n for n in seats if n != BOT]
    # ints only, as set_mode; checked before the set, which would refuse a list unclearly
    wrong = [n for n in seats if type(n) is not int or n != BOT and not 1 <= n <= 4]
    if len(seats) != 4 or wrong or len(set(people)) != len(people):
        raise ValueError("seats must name people 1..4 at most once each, not %r"
                         % (list(seats),))
    for seat in range(4):
        setup.seats[seat] = seats[seat]
    count = len(people)
    setup.mode = WATCH if count == 0 else (VS_BOTS if count == 1 else PASS)


# The options a preset sets (RULES §11 names): from_preset sets them, edited compares them
# and overrides passes them to the engine; tre gradi is a modifier on top of the preset.
_PRESET_OPTIONS = ("target", "re_bello", "napola", "ace_sweep", "deal_shape",
                   "review_captures")


def _preset_values(preset: str) -> dict:
    from engine.rules import Rules

    return Rules(preset).values


def from_preset(setup, preset: str) -> None:
    """Choose ``preset`` and set every option to the value it gives; tre gradi, a modifier
    on top of any preset, stays as it was."""
    if preset not in PRESETS:  # a save stores the preset by its place in PRESETS
        raise ValueError("unknown preset %r (known: %s)" % (preset, ", ".join(PRESETS)))
    values = _preset_values(preset)
    setup.preset = preset
    for name in _PRESET_OPTIONS:
        setattr(setup, name, values[name])


def edited(setup) -> bool:
    """True when an option differs from what ``setup.preset`` gives (tre gradi, a modifier,
    is not an edit)."""
    values = _preset_values(setup.preset)
    return any(getattr(setup, name) != values[name] for name in _PRESET_OPTIONS)


def overrides(setup) -> dict:
    """The options as RULES §11 overrides. Turning a preset's variant off turns off the
    rules that hang on it (napoleone with napola, the ace sub-rules with ace_sweep), and
    tre gradi brings declaring out (C-25, C-26)."""
    out = {name: getattr(setup, name) for name in _PRESET_OPTIONS}
    if setup.napola == "off":
        out["napoleone_wins"] = False
    if not setup.ace_sweep:
        out.update(_NO_ACE_SWEEP)
    if setup.tre_gradi:
        out["declare_out"] = True
    return out


def rules(setup):
    """The engine Rules; raises engine.rules.RulesError for a combination that makes
    no sense (its message says which options clash)."""
    from engine.rules import Rules

    return Rules(setup.preset_expression(), overrides(setup))
