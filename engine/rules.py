"""The rules in force: the resolved parameters and the plain ints the engine reads.

``Rules("dieci+tre_gradi", {"target": "16"})`` resolves a preset expression and overrides
through engine/presets.py (which refuses combinations that make no sense, with RulesError),
then sets the int attributes the hot code reads. ``to_dict()`` gives every parameter by its
RULES §11 name, for records.

Rules: RULES §11.
Allocation: only at construction.
"""

import sys

# Packet codes in Rules.packets: n deals n cards to each seat; TABLE_PACKET + n puts n on the table.
TABLE_PACKET = 0x80


class RulesError(ValueError):
    """An unknown preset or parameter, a bad value, or a combination that makes no sense."""


class Rules:
    """A checked set of rule parameters; see the module docstring."""

    def __init__(self, preset: str = "chitarrella", overrides: dict | None = None) -> None:
        from engine.presets import resolve

        self.preset = preset
        self.values = resolve(preset, overrides)
        self._derive()

    def _derive(self) -> None:
        """Plain int attributes the hot engine code reads."""
        values = self.values
        self.ten_cards = values["deal_shape"] == "10+0"
        self.hand_size = 10 if self.ten_cards else 9
        self.plies = 4 * self.hand_size  # 36 or 40 plays a hand (RULES §4.1)
        codes = bytearray()
        for packet in values["deal_packets"]:
            codes.append(TABLE_PACKET + int(packet[1:]) if isinstance(packet, str) else packet)
        self.packets = bytes(codes)
        kings = values["redeal_kings_min"]
        self.redeal_kings = 0 if kings == "off" else kings
        table_sum = values["redeal_if_table_sum_le"]
        self.redeal_sum = 0 if table_sum == "off" else table_sum
        self.first_ace_deals = values["first_dealer"] == "first_ace"
        self.dealer_fixed = values["dealer_rotation"] == "fixed"
        self.fewest_cards = values["sum_choice"] == "fewest_cards"
        self.equal_priority = values["equal_card_priority"]
        self.turn_forced = values["forced_capture"] == "turn"
        last = values["last_play_scopa"]
        self.last_play_scopa = last == "counts" or (last == "counts_10card_only" and self.ten_cards)
        self.primiera = bytes(values["primiera_values"])
        self.primiera_all_suits = values["primiera_requires_all_suits"]
        self.primiera_compare_incomplete = values["primiera_both_incomplete"] == "compare_sums"
        self.re_bello = values["re_bello"]
        self.napola_cap = {"off": 0, "full": 10, "cap6": 6}[values["napola"]]
        self.napoleone_wins = values["napoleone_wins"]
        self.target = values["target"]
        self.tie_mode = ("higher_wins_else_continue", "countback",
                         "continue_regardless").index(values["tie_at_target"])
        self.grades = values["grades"] == "tre_gradi"
        self.grades_threshold = values["grades_threshold"]
        self.declare_out = values["declare_out"]
        self.ace_sweep = values["ace_sweep"]
        self.ace_sweep_scopa = values["ace_sweep_scores_scopa"]
        self.ace_on_ace_sweeps = values["ace_with_ace_on_table"] == "sweeps"
        self.ace_empty_stays = values["ace_on_empty_table"] == "stays"
        self.ace_ban_plies = {"never": 0, "first_play": 1,
                              "first_round": 4}[values["first_lead_ace_banned"]]
        self.ace_may_decline = values["ace_may_decline"]
        self.ace_never_scopa = values["ace_never_scopa"]
        self.review = ("none", "first_capture", "own_pile").index(values["review_captures"])
        self.count_own_pile = values["count_own_pile"]
        rotate = values["rotate_partners_every_n_games"]
        self.rotate_partners = 0 if rotate == "off" else rotate

    def to_dict(self) -> dict:
        """Every parameter by its RULES §11 name, JSON-ready (lists for tuples)."""
        out = {}
        for name, value in self.values.items():
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def __eq__(self, other) -> bool:
        return isinstance(other, Rules) and self.values == other.values

    def __repr__(self) -> str:
        return "Rules(%r)" % (self.preset,)


def release_parser() -> None:
    """Drop engine/presets.py from memory once the Rules a board needs are built.

    Saves its code and tables (about 12 KB on a 32-bit board); the next ``Rules(...)`` loads it
    again.
    """
    sys.modules.pop("engine.presets", None)
    package = sys.modules.get("engine")
    if package is not None and "presets" in package.__dict__:
        delattr(package, "presets")
