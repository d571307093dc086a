"""Rule parameters and presets (RULES §11): parsing, defaults and the checks on combinations.

``resolve("dieci+tre_gradi", {"target": "16"})`` starts from the defaults, applies each preset
left to right, then the named overrides, fills the defaults that depend on other parameters
and refuses combinations that make no sense, naming the parameters at fault. ``Rules`` calls
it; a board may drop this module afterwards (``engine.rules.release_parser()``) to free its
memory, as only the resolved values are needed to play.

Rules: RULES §10 (defaults) and §11 (parameters, presets).
Allocation: set-up only.
"""

from engine.cards import PRIMIERA
from engine.rules import TABLE_PACKET, RulesError

# Each parameter: (kind, choices or None, default). A default of None is derived from others
# in _Resolver.fill_derived (e.g. deal_packets from deal_shape). Kinds: choice, bool, int,
# int_or_off, packets, primiera.
PARAMETERS = {
    "deck": ("choice", ("italian40", "french40", "spanish40"), "italian40"),  # C-2
    "deal_shape": ("choice", ("9+4", "10+0"), "9+4"),  # C-8; §10 row 2
    "deal_packets": ("packets", None, None),  # §10 rows 3, 35
    "redeal_kings_min": ("int_or_off", None, None),  # C-9; §10 row 4
    "redeal_if_table_sum_le": ("int_or_off", None, "off"),  # §10 row 5
    "first_dealer": ("choice", ("random", "first_ace"), "random"),  # §10 row 9
    "direction": ("choice", ("ccw", "cw"), "ccw"),  # §10 row 7
    "leader": ("choice", ("dealer_right", "dealer_left"), None),  # C-6; §10 row 6
    "dealer_rotation": ("choice", ("right", "fixed"), "right"),  # §10 row 8
    "sum_choice": ("choice", ("free", "fewest_cards"), "free"),  # C-11; §10 row 10
    "equal_card_priority": ("bool", None, True),  # C-11; §10 row 11
    "forced_capture": ("choice", ("card", "turn"), "card"),  # C-11, C-40; §10 row 12
    "last_play_scopa": ("choice", ("never", "counts", "counts_10card_only"), "never"),  # C-15
    "primiera_values": ("primiera", None, tuple(PRIMIERA)),  # C-18
    "primiera_requires_all_suits": ("bool", None, True),  # C-22
    "primiera_both_incomplete": ("choice", ("no_point", "compare_sums"), "no_point"),  # row 16
    "re_bello": ("bool", None, False),  # §5.3; §10 row 24
    "napola": ("choice", ("off", "full", "cap6"), "off"),  # §5.3; §10 rows 22, 22a
    "napoleone_wins": ("bool", None, None),  # §10 row 23
    "target": ("int", None, 11),  # C-24
    "tie_at_target": (
        "choice",
        ("higher_wins_else_continue", "countback", "continue_regardless"),
        "higher_wins_else_continue",
    ),  # §10 row 21
    "grades": ("choice", ("off", "tre_gradi"), "off"),  # C-25; §10 row 30
    "grades_threshold": ("int", None, None),  # C-25; §10 row 32
    "declare_out": ("bool", None, False),  # C-26; §10 row 31
    "false_declaration": ("choice", ("lose_game",), "lose_game"),  # PARLETT
    "ace_sweep": ("bool", None, False),  # §7
    "ace_sweep_scores_scopa": ("bool", None, False),  # §10 row 25
    "ace_with_ace_on_table": ("choice", ("takes_ace", "sweeps"), "takes_ace"),  # row 26
    "ace_on_empty_table": ("choice", ("takes_itself", "stays"), "takes_itself"),  # row 27
    "first_lead_ace_banned": ("choice", ("first_play", "first_round", "never"), None),  # row 28
    "ace_may_decline": ("bool", None, False),  # §10 row 29
    "ace_never_scopa": ("bool", None, None),  # §10 row 28a
    "review_captures": ("choice", ("none", "first_capture", "own_pile"), "none"),  # C-27
    "count_own_pile": ("bool", None, None),  # C-27
    "rotate_partners_every_n_games": ("int_or_off", None, "off"),  # C-4; §10 row 36
}

# RULES §11 presets. A base preset sets the game; a modifier adds to any base.
BASE_PRESETS = {
    "chitarrella": {},
    "figs": {},  # FIGS seating and cut (Art. 3-4) change nothing the engine plays
    "dieci": {"deal_shape": "10+0", "target": 21},
    "assi": {
        "deal_shape": "10+0",
        "ace_sweep": True,
        "ace_sweep_scores_scopa": False,
        "ace_on_empty_table": "takes_itself",
        # first_lead_ace_banned follows the deal: first_play for 10+0, none if the deal is
        # made 9+4, for which no ban is attested (RULES §10 row 28)
        "napola": "full",  # napoleone_wins follows napola (RULES §10 row 23)
        "target": 31,
    },
}
MODIFIER_PRESETS = {
    "veneto": {"re_bello": True},
    "tre_gradi": {"grades": "tre_gradi"},
}

_MAX_TARGET = 200  # see the target check in _Resolver.check
_TRUE = ("true", "on", "yes", "1")
_FALSE = ("false", "off", "no", "0")


def _convert(name: str, value):
    """``value`` (from code or a command line string) as the parameter's canonical type."""
    kind, choices, _ = PARAMETERS[name]
    text = value.strip().lower() if isinstance(value, str) else None
    if kind == "choice":
        if value in choices:
            return value
        raise RulesError("%s must be one of %s, got %r" % (name, ", ".join(choices), value))
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise RulesError("%s must be true or false, got %r" % (name, value))
    if kind in ("int", "int_or_off"):
        if kind == "int_or_off" and (value is None or value is False or text == "off"):
            return "off"
        try:
            number = _whole(value)
        except ValueError:
            allowed = "an integer or off" if kind == "int_or_off" else "an integer"
            shown = value[:20] + "..." if isinstance(value, str) and len(value) > 24 else value
            raise RulesError("%s must be %s, got %r" % (name, allowed, shown)) from None
        if isinstance(value, bool) or number < 0:
            raise RulesError("%s must be a non-negative integer, got %r" % (name, value))
        return number
    if kind == "packets":
        return _parse_packets(value)
    if kind == "primiera":
        return _parse_primiera(value)
    raise AssertionError(kind)


def _whole(value) -> int:
    """``value`` as an int: an int, or ASCII digits with an optional minus sign, spaces
    around them allowed. int() alone would also take 16.5 (as 16), "1_6", "+16" and other
    scripts' digits, none of which a rule is written with. ValueError for anything else."""
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        value = value.strip()
    digits = value[1:] if isinstance(value, str) and value[:1] == "-" else value
    if not isinstance(digits, str) or not digits or digits.strip("0123456789"):
        raise ValueError(value)
    return int(value)


def _parse_packets(value) -> tuple:
    """Packets as a tuple like (3, "T2", 3, "T2", 3) from a list or "3,T2,3,T2,3"."""
    if not isinstance(value, (str, list, tuple)):
        raise RulesError("deal_packets must be a list like 3,T2,3,T2,3, got %r" % (value,))
    items = value.split(",") if isinstance(value, str) else list(value)
    packets = []
    for item in items:
        token = str(item).strip().upper()
        on_table = token.startswith("T")
        try:
            count = _whole(token[1:] if on_table else token)
        except ValueError:
            raise RulesError("deal_packets: %r is not a packet (3 or T2)" % (item,)) from None
        if not 1 <= count <= 10:
            raise RulesError("deal_packets: a packet holds 1 to 10 cards, got %r" % (item,))
        packets.append("T%d" % count if on_table else count)
    return tuple(packets)


def copied(overrides) -> dict:
    """``overrides`` (checked by ``resolve``) with copies of its lists too, for a Rules to
    keep: changing the caller's lists later changes no Rules. Here, not in engine/rules.py,
    as a board keeps that module and releases this one."""
    return {key: list(value) if isinstance(value, list) else value
            for key, value in (overrides or {}).items()}


def _primiera_error(value) -> RulesError:
    # RULES §11 writes the table by primiera rank (7 6 A 5 4 3 2 figures, "21/18/16/..."); the
    # parameter takes it by card rank, A..K, comma-separated: every error says so.
    return RulesError("primiera_values must be ten integers 0..60 for A..K, comma-separated "
                      "(C-18: %s), got %r" % (",".join(str(n) for n in PRIMIERA), value))


def _parse_primiera(value) -> tuple:
    """Ten primiera values in rank order A..K from a list or "16,12,...,10"."""
    if not isinstance(value, (str, list, tuple)):
        raise _primiera_error(value)
    items = value.split(",") if isinstance(value, str) else list(value)
    try:
        if any(isinstance(item, bool) for item in items):
            raise ValueError(items)  # True is no primiera value; int() would take it
        values = tuple(_whole(item) for item in items)
    except ValueError:
        raise _primiera_error(value) from None
    if len(values) != 10 or min(values) < 0 or max(values) > 60:
        raise _primiera_error(value)
    return values


class _Resolver:
    """Collects the values of one preset expression and its overrides."""

    def __init__(self) -> None:
        self.values = {name: spec[2] for name, spec in PARAMETERS.items()}

    def set_all(self, settings: dict) -> None:
        for name, value in settings.items():
            if name not in PARAMETERS:
                raise RulesError("unknown rule parameter %r" % (name,))
            self.values[name] = _convert(name, value)

    def fill_derived(self) -> None:
        """Defaults that depend on other parameters (RULES §11)."""
        values = self.values
        ten = values["deal_shape"] == "10+0"
        if values["deal_packets"] is None:
            values["deal_packets"] = (5, 5) if ten else (3, "T2", 3, "T2", 3)
        if values["redeal_kings_min"] is None:
            values["redeal_kings_min"] = "off" if ten else 3  # §3.2: no redeal for 10+0
        if values["leader"] is None:
            # C-6: the dealer's right leads; with play clockwise that seat is the dealer's left.
            values["leader"] = "dealer_right" if values["direction"] == "ccw" else "dealer_left"
        if values["napoleone_wins"] is None:
            values["napoleone_wins"] = values["napola"] != "off"  # §10 row 23
        if values["grades_threshold"] is None:
            target = values["target"]
            values["grades_threshold"] = 5 if target == 11 else (target - 1) // 2  # row 32
        if values["first_lead_ace_banned"] is None:
            banned = values["ace_sweep"] and ten
            values["first_lead_ace_banned"] = "first_play" if banned else "never"  # row 28
        if values["count_own_pile"] is None:
            values["count_own_pile"] = values["review_captures"] == "own_pile"  # C-27
        if values["ace_never_scopa"] is None:
            values["ace_never_scopa"] = values["ace_sweep"] and not values["ace_sweep_scores_scopa"]

    def check(self) -> None:
        """Refuse combinations that make no sense, naming the parameters."""
        values = self.values
        ten = values["deal_shape"] == "10+0"
        cards = 0
        table = 0
        for packet in values["deal_packets"]:
            if isinstance(packet, str):
                table += int(packet[1:])
            else:
                cards += packet
        want = (10, 0) if ten else (9, 4)
        if (cards, table) != want:
            raise RulesError(
                "deal_packets %s give %d cards each and %d on the table; "
                "deal_shape %s needs %d and %d"
                % (",".join(str(p) for p in values["deal_packets"]), cards, table,
                   values["deal_shape"], want[0], want[1])
            )
        if ten:
            for name in ("redeal_kings_min", "redeal_if_table_sum_le"):
                if values[name] != "off":
                    raise RulesError("%s needs table cards; deal_shape 10+0 has none (RULES §3.2)"
                                     % name)
        kings = values["redeal_kings_min"]
        if kings != "off" and not 1 <= kings <= 4:
            raise RulesError("redeal_kings_min must be 1..4 or off, got %r" % kings)
        table_sum = values["redeal_if_table_sum_le"]
        if table_sum != "off" and not 4 <= table_sum <= 39:
            raise RulesError("redeal_if_table_sum_le must be 4..39 or off, got %r" % table_sum)
        if values["rotate_partners_every_n_games"] == 0:  # C-4: a turn lasts 1 game or more
            raise RulesError("rotate_partners_every_n_games must be 1 or more, or off, got 0")
        if table_sum != "off" and kings != "off":
            # The largest table the kings' rule keeps: kings - 1 kings, then cavalli (9 each).
            # At or below the sum limit, every deal would be thrown in (RULES §3.3).
            largest = 36 + kings - 1
            if table_sum >= largest:
                raise RulesError(
                    "redeal_if_table_sum_le %d with redeal_kings_min %d throws in every deal: "
                    "the largest table kept sums to %d (RULES §3.3)" % (table_sum, kings, largest))
        if values["leader"] != ("dealer_right" if values["direction"] == "ccw" else "dealer_left"):
            raise RulesError(
                "leader %s with direction %s would make the dealer play second, not last "
                "(C-5, C-6; RULES §10 row 6)" % (values["leader"], values["direction"])
            )
        # Scores are kept in bytes (engine/observe.py, the board's saves) and a side makes at
        # most about 40 points a hand (20 scope, a full napola): a target up to 200 fits.
        if not 1 <= values["target"] <= _MAX_TARGET:
            raise RulesError("target must be in 1..%d, got %d" % (_MAX_TARGET, values["target"]))
        if values["grades"] != "off" and values["grades_threshold"] >= values["target"]:
            raise RulesError("grades_threshold %d must be below the target %d"
                             % (values["grades_threshold"], values["target"]))
        if values["napola"] == "off" and values["napoleone_wins"]:
            raise RulesError("napoleone_wins needs napola (full or cap6)")
        if not values["primiera_requires_all_suits"] and \
                values["primiera_both_incomplete"] != "no_point":
            raise RulesError("primiera_both_incomplete applies only when "
                             "primiera_requires_all_suits is true")
        if not values["ace_sweep"]:
            for name in ("ace_sweep_scores_scopa", "ace_with_ace_on_table", "ace_on_empty_table",
                         "ace_may_decline", "first_lead_ace_banned", "ace_never_scopa"):
                if values[name] not in (PARAMETERS[name][2], False, "never"):
                    raise RulesError("%s needs ace_sweep=true (RULES §7)" % name)
        if values["ace_sweep_scores_scopa"] and values["ace_never_scopa"]:
            raise RulesError("ace_sweep_scores_scopa and ace_never_scopa contradict each other")
        if values["review_captures"] == "own_pile" and not values["count_own_pile"]:
            raise RulesError("review_captures=own_pile shows the pile; count_own_pile=false "
                             "contradicts it")



def resolve(preset: str, overrides=None) -> dict:
    """Every parameter's value for ``preset`` (e.g. ``"assi+veneto"``) and ``overrides``."""
    if not isinstance(preset, str):
        raise RulesError("a preset is a name like chitarrella or dieci+tre_gradi, not %r"
                         % (preset,))
    if overrides is not None and not isinstance(overrides, dict):
        raise RulesError("overrides are a dict of RULES §11 names and values, not %r"
                         % (overrides,))
    resolver = _Resolver()
    bases = []
    named = []
    for part in preset.split("+"):
        part = part.strip()
        if part in named:
            raise RulesError("preset %r names %s twice" % (preset, part))
        named.append(part)
        if part in BASE_PRESETS:
            bases.append(part)
            settings = BASE_PRESETS[part]
        elif part in MODIFIER_PRESETS:
            settings = MODIFIER_PRESETS[part]
        else:
            known = ", ".join(list(BASE_PRESETS) + list(MODIFIER_PRESETS))
            raise RulesError("unknown preset %r (known: %s)" % (part, known))
        resolver.set_all(settings)
    if len(bases) > 1:
        raise RulesError(
            "presets %s each set the whole game; combine one of them with modifiers "
            "(veneto, tre_gradi)" % " and ".join(bases)
        )
    resolver.set_all(overrides or {})
    resolver.fill_derived()
    resolver.check()
    return resolver.values


def derive(rules, values: dict) -> None:
    """Set on ``rules`` the plain int attributes the hot engine code reads."""
    rules.ten_cards = values["deal_shape"] == "10+0"
    rules.hand_size = 10 if rules.ten_cards else 9
    rules.plies = 4 * rules.hand_size  # 36 or 40 plays a hand (RULES §4.1)
    codes = bytearray()
    for packet in values["deal_packets"]:
        codes.append(TABLE_PACKET + int(packet[1:]) if isinstance(packet, str) else packet)
    rules.packets = bytes(codes)
    kings = values["redeal_kings_min"]
    rules.redeal_kings = 0 if kings == "off" else kings
    table_sum = values["redeal_if_table_sum_le"]
    rules.redeal_sum = 0 if table_sum == "off" else table_sum
    rules.first_ace_deals = values["first_dealer"] == "first_ace"
    rules.dealer_fixed = values["dealer_rotation"] == "fixed"
    rules.fewest_cards = values["sum_choice"] == "fewest_cards"
    rules.equal_priority = values["equal_card_priority"]
    rules.turn_forced = values["forced_capture"] == "turn"
    last = values["last_play_scopa"]
    rules.last_play_scopa = last == "counts" or (last == "counts_10card_only" and rules.ten_cards)
    rules.primiera = bytes(values["primiera_values"])
    rules.primiera_all_suits = values["primiera_requires_all_suits"]
    rules.primiera_compare_incomplete = values["primiera_both_incomplete"] == "compare_sums"
    rules.re_bello = values["re_bello"]
    rules.napola_cap = {"off": 0, "full": 10, "cap6": 6}[values["napola"]]
    rules.napoleone_wins = values["napoleone_wins"]
    rules.target = values["target"]
    rules.tie_mode = ("higher_wins_else_continue", "countback",
                     "continue_regardless").index(values["tie_at_target"])
    rules.grades = values["grades"] == "tre_gradi"
    rules.grades_threshold = values["grades_threshold"]
    rules.declare_out = values["declare_out"]
    rules.ace_sweep = values["ace_sweep"]
    rules.ace_sweep_scopa = values["ace_sweep_scores_scopa"]
    rules.ace_on_ace_sweeps = values["ace_with_ace_on_table"] == "sweeps"
    rules.ace_empty_stays = values["ace_on_empty_table"] == "stays"
    rules.ace_ban_plies = {"never": 0, "first_play": 1,
                          "first_round": 4}[values["first_lead_ace_banned"]]
    rules.ace_may_decline = values["ace_may_decline"]
    rules.ace_never_scopa = values["ace_never_scopa"]
    rules.review = ("none", "first_capture", "own_pile").index(values["review_captures"])
    rules.count_own_pile = values["count_own_pile"]
    rotate = values["rotate_partners_every_n_games"]
    rules.rotate_partners = 0 if rotate == "off" else rotate
