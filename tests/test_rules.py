"""Rule parameters and presets (engine/rules.py): defaults, presets, overrides, refusals.

Rules: RULES §10 (defaults) and §11 (parameters, presets).
"""

import json

import pytest

from conftest import position
from engine.layout import DEALT
from engine.rules import Rules, RulesError

# RULES §11, "Engine parameters, defaults and presets", for the 9+4 Chitarrella game.
CHITARRELLA_DEFAULTS = {
    "deck": "italian40",
    "deal_shape": "9+4",
    "deal_packets": [3, "T2", 3, "T2", 3],
    "redeal_kings_min": 3,
    "redeal_if_table_sum_le": "off",
    "first_dealer": "random",
    "direction": "ccw",
    "leader": "dealer_right",
    "dealer_rotation": "right",
    "sum_choice": "free",
    "equal_card_priority": True,
    "forced_capture": "card",
    "last_play_scopa": "never",
    "primiera_values": [16, 12, 13, 14, 15, 18, 21, 10, 10, 10],
    "primiera_requires_all_suits": True,
    "primiera_both_incomplete": "no_point",
    "re_bello": False,
    "napola": "off",
    "napoleone_wins": False,
    "target": 11,
    "tie_at_target": "higher_wins_else_continue",
    "grades": "off",
    "grades_threshold": 5,
    "declare_out": False,
    "false_declaration": "lose_game",
    "ace_sweep": False,
    "ace_sweep_scores_scopa": False,
    "ace_with_ace_on_table": "takes_ace",
    "ace_on_empty_table": "takes_itself",
    "first_lead_ace_banned": "never",
    "ace_may_decline": False,
    "ace_never_scopa": False,
    "review_captures": "none",
    "count_own_pile": False,
    "rotate_partners_every_n_games": "off",
}


def differences(rules, base="chitarrella"):
    """The parameters where ``rules`` differs from ``base``, as {name: value}."""
    reference = Rules(base).to_dict()
    return {k: v for k, v in rules.to_dict().items() if reference[k] != v}


# -- defaults and presets -------------------------------------------------------------------


def test_chitarrella_defaults_are_rules_section_11():
    assert Rules("chitarrella").to_dict() == CHITARRELLA_DEFAULTS


def test_chitarrella_is_the_default_preset():
    assert Rules() == Rules("chitarrella")
    assert Rules("chitarrella", {}) == Rules("chitarrella")


def test_chitarrella_engine_fields():
    rules = Rules("chitarrella")
    assert (rules.hand_size, rules.plies, rules.ten_cards) == (9, 36, False)
    assert rules.redeal_kings == 3 and rules.redeal_sum == 0
    assert rules.target == 11
    assert not rules.ace_sweep and rules.ace_ban_plies == 0


def test_figs_plays_like_chitarrella():
    # RULES §11: figs = chitarrella plus seating and cut, which change nothing the engine plays.
    assert Rules("figs") == Rules("chitarrella")


def test_dieci_preset_is_ten_cards_to_21_without_redeals():
    rules = Rules("dieci")
    assert differences(rules) == {
        "deal_shape": "10+0",
        "deal_packets": [5, 5],
        "redeal_kings_min": "off",
        "target": 21,
        "grades_threshold": 10,
    }
    assert (rules.hand_size, rules.plies, rules.ten_cards) == (10, 40, True)
    assert rules.redeal_kings == 0 and rules.redeal_sum == 0


def test_assi_preset_is_scopone_d_assi():
    rules = Rules("assi")
    assert differences(rules) == {
        "deal_shape": "10+0",
        "deal_packets": [5, 5],
        "redeal_kings_min": "off",
        "ace_sweep": True,
        "first_lead_ace_banned": "first_play",
        "ace_never_scopa": True,
        "napola": "full",
        "napoleone_wins": True,
        "target": 31,
        "grades_threshold": 15,
    }
    values = rules.to_dict()
    assert values["ace_sweep_scores_scopa"] is False
    assert values["ace_on_empty_table"] == "takes_itself"
    assert rules.ace_ban_plies == 1 and rules.napola_cap == 10


def test_veneto_adds_re_bello_to_any_preset():
    for base in ("chitarrella", "figs", "dieci", "assi"):
        assert differences(Rules(base + "+veneto"), base) == {"re_bello": True}
    assert differences(Rules("veneto")) == {"re_bello": True}


def test_tre_gradi_adds_grades_to_any_preset():
    for base in ("chitarrella", "figs", "dieci", "assi"):
        assert differences(Rules(base + "+tre_gradi"), base) == {"grades": "tre_gradi"}


def test_composition_dieci_tre_gradi():
    rules = Rules("dieci+tre_gradi")
    assert rules.ten_cards and rules.grades
    assert rules.target == 21
    assert rules.grades_threshold == 10  # [derived] (21 - 1) // 2, RULES §10 row 32


def test_composition_assi_veneto():
    rules = Rules("assi+veneto")
    assert rules.ace_sweep and rules.re_bello and rules.napola_cap == 10
    assert rules.target == 31


def test_modifiers_stack_and_order_does_not_matter():
    one = Rules("chitarrella+veneto+tre_gradi")
    assert one == Rules("tre_gradi+veneto+chitarrella")
    assert one.re_bello and one.grades


# -- overrides --------------------------------------------------------------------------------


def test_override_by_name_from_strings():
    rules = Rules("chitarrella", {
        "target": "16",
        "re_bello": "true",
        "redeal_kings_min": "off",
        "deal_packets": "3,T2,3,T2,3",
        "sum_choice": "fewest_cards",
        "primiera_values": "16,12,13,14,15,18,21,8,9,10",
        "declare_out": "yes",
        "equal_card_priority": "0",
    })
    values = rules.to_dict()
    assert values["target"] == 16 and rules.target == 16
    assert values["re_bello"] is True
    assert values["redeal_kings_min"] == "off" and rules.redeal_kings == 0
    assert values["deal_packets"] == [3, "T2", 3, "T2", 3]
    assert rules.fewest_cards
    assert values["primiera_values"] == [16, 12, 13, 14, 15, 18, 21, 8, 9, 10]
    assert rules.declare_out is True
    assert rules.equal_priority is False


@pytest.mark.parametrize("text, value", [("true", True), ("on", True), ("yes", True),
                                         ("1", True), ("false", False), ("off", False),
                                         ("no", False), ("0", False), (" True ", True)])
def test_bool_words(text, value):
    assert Rules("chitarrella", {"re_bello": text}).re_bello is value


def test_other_packet_schedules():
    # CL-8: "vel quaternae et quinae"; C-8 lets the dealer choose. Tables first, lower-case "t".
    rules = Rules("chitarrella", {"deal_packets": "t4, 4, 5"})
    assert rules.to_dict()["deal_packets"] == ["T4", 4, 5]
    assert Rules("dieci", {"deal_packets": [2, 3, 5]}).to_dict()["deal_packets"] == [2, 3, 5]


def test_overrides_apply_after_presets():
    assert Rules("dieci", {"target": 11}).target == 11
    assert Rules("assi", {"target": "16"}).target == 16
    assert Rules("dieci", {"deal_shape": "9+4"}).plies == 36


@pytest.mark.parametrize("preset, overrides, words", [
    (None, None, "a preset is a name"),
    ("chitarrella", "target=16", "overrides are a dict"),
    ("veneto+veneto", None, "names veneto twice"),
    ("chitarrella", {"deal_packets": 5}, "deal_packets must be a list"),
    ("chitarrella", {"primiera_values": 5}, "primiera_values must be ten integers"),
    ("chitarrella", {"primiera_values": [16, 12, 13, 14, 15, 18, 21, 10, 10, 10.7]},
     "primiera_values must be ten integers"),
    # RULES §11's way of writing the table (by primiera rank) is refused, saying which to use
    ("chitarrella", {"primiera_values": "21/18/16/15/14/13/12/10/10/10"},
     "for A..K, comma-separated .C-18: 16,12,13,14,15,18,21,10,10,10."),
])
def test_arguments_of_the_wrong_kind_are_refused_by_name(preset, overrides, words):
    with pytest.raises(RulesError, match=words):
        Rules(preset, overrides)


def test_a_target_must_fit_the_scores_bytes():
    # engine/observe.py and the board's saves keep each score in a byte; a side makes at
    # most about 40 points a hand, so 200 is the highest target
    assert Rules("chitarrella", {"target": 200}).target == 200
    for target in (0, 201, 10**6):
        with pytest.raises(RulesError, match=r"target must be in 1\.\.200, got %d" % target):
            Rules("chitarrella", {"target": target})


@pytest.mark.parametrize("preset, target, threshold", [
    ("chitarrella", 11, 5), ("chitarrella", 16, 7), ("dieci", 21, 10), ("assi", 31, 15),
])
def test_targets_and_grade_thresholds(preset, target, threshold):
    rules = Rules(preset + "+tre_gradi", {"target": target})
    assert rules.target == target
    assert rules.grades_threshold == threshold


def test_explicit_grades_threshold():
    assert Rules("tre_gradi", {"target": 16, "grades_threshold": "8"}).grades_threshold == 8


def test_dependent_defaults_follow_their_parameters():
    assert Rules("chitarrella", {"napola": "cap6"}).napoleone_wins is True  # row 23
    assert Rules("chitarrella", {"napola": "full", "napoleone_wins": False}).napoleone_wins is False
    cw = Rules("chitarrella", {"direction": "cw"})
    assert cw.to_dict()["leader"] == "dealer_left"  # C-6 with clockwise play
    assert Rules("dieci", {"deal_shape": "9+4"}).to_dict()["deal_packets"] == [3, "T2", 3, "T2", 3]
    swept = Rules("chitarrella", {"ace_sweep": True})
    assert swept.ace_never_scopa is True and swept.ace_ban_plies == 0  # no ban for 9+4
    scoring = Rules("assi", {"ace_sweep_scores_scopa": True})
    assert scoring.ace_never_scopa is False
    # the assi preset's opening-ace ban is for its 10+0 deal: none on a 9+4 one (row 28)
    assert Rules("assi").values["first_lead_ace_banned"] == "first_play"
    assert Rules("assi", {"deal_shape": "9+4"}).values["first_lead_ace_banned"] == "never"
    kept = Rules("assi", {"deal_shape": "9+4", "first_lead_ace_banned": "first_play"})
    assert kept.ace_ban_plies == 1  # asked for by name, it stays


def test_last_play_scopa_codes():
    assert not Rules("chitarrella").last_play_scopa
    assert Rules("chitarrella", {"last_play_scopa": "counts"}).last_play_scopa
    assert not Rules("chitarrella", {"last_play_scopa": "counts_10card_only"}).last_play_scopa
    assert Rules("dieci", {"last_play_scopa": "counts_10card_only"}).last_play_scopa


def test_to_dict_is_json_ready_and_round_trips():
    # As a record does: the preset plus the parameters that differ from it, through JSON.
    for preset, overrides in (("chitarrella", {"target": 16, "napola": "cap6"}),
                              ("dieci+tre_gradi", {"grades_threshold": 8}),
                              ("assi+veneto", {"ace_may_decline": True})):
        rules = Rules(preset, overrides)
        values = json.loads(json.dumps(rules.to_dict()))
        base = Rules(preset).to_dict()
        changed = {name: value for name, value in values.items() if base[name] != value}
        assert Rules(preset, changed) == rules


# -- refusals -------------------------------------------------------------------------------


def refused(preset="chitarrella", overrides=None) -> str:
    with pytest.raises(RulesError) as caught:
        Rules(preset, overrides)
    assert isinstance(caught.value, ValueError)
    return str(caught.value)


def test_two_base_presets_refused():
    message = refused("chitarrella+dieci")
    assert "chitarrella" in message and "dieci" in message
    assert "dieci" in refused("assi+dieci")


def test_unknown_preset_refused():
    message = refused("scopa_reale")
    assert "scopa_reale" in message and "chitarrella" in message  # lists the known ones
    assert "nope" in refused("dieci+nope")


def test_unknown_parameter_refused():
    assert "ace_sweeps" in refused("chitarrella", {"ace_sweeps": True})


@pytest.mark.parametrize("name, value", [
    ("target", "eleven"),
    ("target", "16.5"),
    ("target", -1),
    ("target", 0),
    ("target", True),
    ("re_bello", "maybe"),
    ("re_bello", 2),
    ("sum_choice", "most_cards"),
    ("sum_choice", "FREE"),
    ("deal_shape", "8+8"),
    ("deal_packets", "3,X2,3,T2,3"),
    ("deal_packets", "3,T2,3,T2,4"),
    ("deal_packets", "3,T0,3,T2,3,T2"),
    ("redeal_kings_min", 5),
    ("redeal_kings_min", 0),
    ("redeal_if_table_sum_le", 2),
    ("rotate_partners_every_n_games", 0),  # C-4: partners change after 1 game or more
    ("primiera_values", "16,12,13"),
    ("primiera_values", "16,12,13,14,15,18,21,10,10,x"),
    ("napola", "cap5"),
    ("tie_at_target", "coin_toss"),
])
def test_bad_value_refused_naming_the_parameter(name, value):
    assert name in refused("chitarrella", {name: value})


def test_float_target_refused():
    # RULES §11: target is an int. A float must not be silently truncated to 16.
    assert "target" in refused("chitarrella", {"target": 16.5})


@pytest.mark.parametrize("name, value", [
    ("target", "1_6"), ("target", "+16"), ("target", "\u0661\u0666"),  # Arabic-Indic 16
    ("redeal_kings_min", "3 4"), ("deal_packets", "3,T_2,3,T2,3"),
    ("primiera_values", "16,12,13,14,15,18,21,10,10,1_0"),
])
def test_numbers_are_plain_ascii_digits(name, value):
    # int() alone would read each of these as a number no rule is written as
    assert name in refused("chitarrella", {name: value})


def test_numbers_may_have_spaces_around_them():
    assert Rules("chitarrella", {"target": " 16 "}).target == 16
    spaced = Rules("chitarrella", {"primiera_values": "16, 12, 13, 14, 15, 18, 21, 10, 10, 10"})
    assert spaced.values["primiera_values"] == (16, 12, 13, 14, 15, 18, 21, 10, 10, 10)


def test_a_refused_long_value_is_shown_cut():
    message = refused("chitarrella", {"target": "1" * 5001})
    assert "target must be an integer, got '11111111111111111111...'" in message
    assert len(message) < 100


@pytest.mark.parametrize("name, value", [("redeal_kings_min", 3),
                                         ("redeal_if_table_sum_le", 10)])
def test_redeal_options_refused_with_ten_card_deal(name, value):
    # RULES §3.2: the 10+0 deal has no redeal conditions.
    message = refused("dieci", {name: value})
    assert name in message and "10+0" in message
    assert name in refused("chitarrella", {"deal_shape": "10+0", name: value})


@pytest.mark.parametrize("kings", [1, 2, 3, 4])
def test_redeal_limits_that_throw_in_every_deal_are_refused(kings):
    # RULES §3.3: with fewer than ``kings`` kings, the largest table is kings - 1 kings and
    # cavalli; a sum limit at or above it would throw in every deal, and play never starts.
    largest = 36 + kings - 1
    message = refused("chitarrella", {"redeal_kings_min": kings,
                                      "redeal_if_table_sum_le": largest})
    assert "redeal_if_table_sum_le" in message and "redeal_kings_min" in message
    table = " ".join(["Kd", "Kc", "Kb"][:kings - 1] + ["Qd", "Qc", "Qb", "Qs"][:5 - kings])
    state = position(("", "", "", ""), table, redeal_kings_min=kings,
                     redeal_if_table_sum_le=largest - 1)
    assert state.redeal_reason() == DEALT  # one below, that table is kept


@pytest.mark.parametrize("name, value", [
    ("ace_sweep_scores_scopa", True),
    ("ace_with_ace_on_table", "sweeps"),
    ("ace_on_empty_table", "stays"),
    ("ace_may_decline", True),
    ("first_lead_ace_banned", "first_play"),
    ("first_lead_ace_banned", "first_round"),
    ("ace_never_scopa", True),  # in the plain game an ace taking a lone ace is a scopa (C-14)
])
def test_ace_sub_options_need_ace_sweep(name, value):
    message = refused("chitarrella", {name: value})
    assert name in message and "ace_sweep" in message
    Rules("chitarrella", {"ace_sweep": True, name: value})  # fine with the sweep on


def test_napoleone_wins_needs_napola():
    assert "napoleone_wins" in refused("chitarrella", {"napoleone_wins": True})


def test_grades_threshold_must_be_below_target():
    message = refused("tre_gradi", {"grades_threshold": 11})
    assert "grades_threshold" in message and "11" in message
    assert "grades_threshold" in refused("tre_gradi", {"target": 16, "grades_threshold": 16})


def test_grades_threshold_is_checked_only_with_grades():
    # Without grades the threshold plays no part, so a record's derived value passes through.
    assert Rules("chitarrella", {"target": 16, "grades_threshold": 7}).target == 16


def test_own_pile_review_contradicting_count_own_pile_refused():
    message = refused("chitarrella", {"review_captures": "own_pile", "count_own_pile": False})
    assert "count_own_pile" in message
    assert Rules("chitarrella", {"review_captures": "own_pile"}).count_own_pile


def test_leader_contradicting_direction_refused():
    message = refused("chitarrella", {"leader": "dealer_left"})
    assert "leader" in message and "direction" in message


def test_contradictory_ace_scopa_options_refused():
    message = refused("assi", {"ace_sweep_scores_scopa": True, "ace_never_scopa": True})
    assert "ace_sweep_scores_scopa" in message and "ace_never_scopa" in message


def test_packets_must_match_deal_shape():
    message = refused("dieci", {"deal_packets": "3,T2,3,T2,3"})
    assert "deal_packets" in message and "10+0" in message


def test_primiera_both_incomplete_needs_all_suits_rule():
    message = refused("chitarrella", {"primiera_requires_all_suits": False,
                                      "primiera_both_incomplete": "compare_sums"})
    assert "primiera_both_incomplete" in message


def test_assi_without_napola_drops_napoleone_too():
    # napoleone_wins follows napola unless set: turning napola off in the ace preset must not
    # leave a napoleone rule behind (RULES §10 rows 22a, 23).
    rules = Rules("assi", {"napola": "off"})
    assert rules.values["napoleone_wins"] is False
    assert Rules("assi").values["napoleone_wins"] is True
