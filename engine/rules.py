"""The rules in force: the resolved parameters and the plain ints the engine reads.

``Rules("dieci+tre_gradi", {"target": "16"})`` resolves a preset expression and overrides
through engine/presets.py (which refuses combinations that make no sense, with RulesError,
and sets the int attributes the hot code reads). ``to_dict()`` gives every parameter by its
RULES §11 name, for records.

Rules: RULES §11.
Allocation: only at construction.
"""

# Packet codes in Rules.packets: n deals n cards to each seat; TABLE_PACKET + n puts n on the table.
TABLE_PACKET = 0x80


class RulesError(ValueError):
    """An unknown preset or parameter, a bad value, or a combination that makes no sense."""


class Rules:
    """A checked set of rule parameters; see the module docstring."""

    # As State's (engine/state.py): fixed offsets on CPython, which would keep these 35 in
    # a plain dict; a board ignores __slots__ and its build drops this (sim/minify.py). The
    # parameters as engine/presets.py's derive() sets them.
    __slots__ = (
        "preset", "overrides", "ten_cards", "hand_size", "plies", "packets", "redeal_kings",
        "redeal_sum", "first_ace_deals", "dealer_fixed", "fewest_cards", "equal_priority",
        "turn_forced", "last_play_scopa", "primiera", "primiera_all_suits",
        "primiera_compare_incomplete", "re_bello", "napola_cap", "napoleone_wins", "target",
        "tie_mode", "grades", "grades_threshold", "declare_out", "ace_sweep", "ace_sweep_scopa",
        "ace_on_ace_sweeps", "ace_empty_stays", "ace_ban_plies", "ace_may_decline",
        "ace_never_scopa", "review", "count_own_pile", "rotate_partners",
    )

    def __init__(self, preset: str = "chitarrella", overrides: dict | None = None) -> None:
        from engine.presets import copied, derive, resolve

        values = resolve(preset, overrides)  # checks the arguments first
        self.preset = preset
        self.overrides = copied(overrides)
        derive(self, values)

    @property
    def values(self) -> dict:
        """Every parameter's value, resolved again from the preset and overrides (edge: it
        loads engine/presets.py, so a board keeps only the int attributes in memory)."""
        from engine.presets import resolve

        return resolve(self.preset, self.overrides)

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

    Saves its code and tables (about 9 KB on a 32-bit board); the next ``Rules(...)`` loads it
    again.
    """
    from engine.unload import forget

    forget("engine.presets")
