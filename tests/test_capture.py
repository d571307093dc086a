"""Legal moves and their checks (engine/capture.py): what a played card captures.

Rules: C-3, C-11, C-14, C-40; RULES §4.2-§4.4, §7, §9.1-9.4, §9.11, §10 rows 10-12, 25-29.
"""

import itertools
import random
from array import array
from functools import lru_cache
from math import comb

import pytest

from conftest import cards, legal, legal_for, names, play, position, snapshot
from engine.cards import card_name, card_value, parse_card
from engine.layout import IllegalMove
from engine.moves import (
    ACE_SWEEP,
    MAX_CARD_MOVES,
    MAX_MOVES,
    SELF_TAKE,
    encode_move,
    is_capture,
    move_card,
    move_flags,
    move_take,
)
from engine.rules import Rules
from engine.state import State

BIG = 8192  # a move buffer far above MAX_MOVES, for positions no game can reach


def takes(*groups: str) -> set:
    """``takes("3b 4s", "7c")`` -> {frozenset({"3b", "4s"}), frozenset({"7c"})}."""
    return {frozenset(group.split()) for group in groups}


TRAIL = takes("")  # legal_for's answer for a card that is trailed


def moves_with_kind(state) -> list:
    """Every legal move as (card, taken cards, kind), kind "trail", "self" or "take"."""
    buffer = array("i", [0] * BIG)
    count = state.legal_moves(buffer)
    out = []
    for move in buffer[:count]:
        taken = frozenset(card_name(c) for c in state.taken_cards(move))
        kind = "take" if taken else ("self" if is_capture(move) else "trail")
        out.append((card_name(move_card(move)), taken, kind))
    return out


def kinds_for(state, card: str) -> set:
    return {(taken, kind) for played, taken, kind in moves_with_kind(state) if played == card}


def scope(state) -> list:
    return list(state.scope)


# -- RULES §9 worked examples -------------------------------------------------------------


def test_example_9_1_equal_card_beats_sum():
    # Table 3B 4S 7C, the 7D must take the 7C and only the 7C (C-11; GPMG).
    state = position(("7d 2c", "", "", ""), "3b 4s 7c")
    assert legal_for(state, "7d") == takes("7c")
    with pytest.raises(IllegalMove):
        play(state, "7d", "3b 4s")
    play(state, "7d", "7c")
    assert names(state.table_cards()) == "3b 4s"
    assert scope(state) == [0, 0]

    # The same 7D to a table of 3B and 4S alone takes 3 + 4 and sweeps: a scopa.
    state = position(("7d 2c", "", "", ""), "3b 4s")
    assert legal_for(state, "7d") == takes("3b 4s")
    play(state, "7d", "3b 4s")
    assert state.table_cards() == []
    assert scope(state) == [1, 0]

    # Table A, 4, 9C, R: the RD must take the king, not A + 9; no scopa.
    state = position(("Kd 2c", "", "", ""), "Ab 4s Qc Ks")
    assert legal_for(state, "Kd") == takes("Ks")
    play(state, "Kd", "Ks")
    assert names(state.table_cards()) == "Ab 4s Qc"
    assert scope(state) == [0, 0]


def test_example_9_2_several_equal_cards_and_a_sum_elsewhere():
    table = "5d 5s 3c Jb"
    # A 5 takes exactly one 5, the player's choice; the rest stays, no scopa.
    state = position(("5c", "", "", ""), table)
    assert legal_for(state, "5c") == takes("5d", "5s")
    play(state, "5c", "5d")
    assert names(state.table_cards()) == "5s 3c Jb"
    assert scope(state) == [0, 0]
    # A Re: no 10 on the table, and 5 + 5 is the only set adding up to 10.
    state = position(("Kc", "", "", ""), table)
    assert legal_for(state, "Kc") == takes("5d 5s")
    play(state, "Kc", "5d 5s")
    assert names(state.table_cards()) == "3c Jb"
    assert scope(state) == [0, 0]
    # A Fante must take the Fante, not 5 + 3.
    state = position(("Jc", "", "", ""), table)
    assert legal_for(state, "Jc") == takes("Jb")
    with pytest.raises(IllegalMove):
        play(state, "Jc", "5d 3c")


def test_example_9_3_choice_among_sums():
    table = "Ac 3b 4s 5d Jc"
    # C-11: any of the three sets adding up to 9.
    state = position(("Qd", "", "", ""), table)
    assert legal_for(state, "Qd") == takes("Ac Jc", "4s 5d", "Ac 3b 5d")
    # CLUB and MAGNO: only the sets with the fewest cards.
    fewest = position(("Qd", "", "", ""), table, sum_choice="fewest_cards")
    assert legal_for(fewest, "Qd") == takes("Ac Jc", "4s 5d")
    # Every choice leaves 12 on the table, so the next player cannot sweep.
    for taken in legal_for(state, "Qd"):
        choice = position(("Qd", "", "", ""), table)
        play(choice, "Qd", " ".join(sorted(taken)))
        assert sum(card_value(c) for c in choice.table_cards()) == 12
        assert scope(choice) == [0, 0]


def test_example_9_4_la_scopa_e_libera():
    state = position(("7s 4d", "", "", ""), "2b 5c")
    # The 7S must take 2 + 5 (a scopa); the 4D may be trailed instead (C-11 last sentence, C-40).
    assert legal(state) == {("7s", frozenset({"2b", "5c"})), ("4d", frozenset())}
    # The 7S may not be left on the table, nor take only the 5.
    with pytest.raises(IllegalMove):
        play(state, "7s")
    with pytest.raises(IllegalMove):
        play(state, "7s", "5c")
    declined = position(("7s 4d", "", "", ""), "2b 5c")
    play(declined, "4d")
    assert names(declined.table_cards()) == "2b 5c 4d"
    assert scope(declined) == [0, 0]
    play(state, "7s", "2b 5c")
    assert scope(state) == [1, 0]
    # With 7S and 2D, the 2D must take the 2B and leaves the 5C: another way to decline.
    state = position(("7s 2d", "", "", ""), "2b 5c")
    assert legal_for(state, "2d") == takes("2b")
    play(state, "2d", "2b")
    assert names(state.table_cards()) == "5c"
    assert scope(state) == [0, 0]


def test_example_9_11_ace_variant_defaults():
    # Scopone d'assi (preset assi, §10 defaults), mid-hand.
    # Table 3, 5, R: an ace takes all three, and it is not a scopa.
    state = position(("Ad 2c", "", "", ""), "3b 5s Kc", ply=10, preset="assi")
    assert legal_for(state, "Ad") == takes("3b 5s Kc")
    play(state, "Ad", "3b 5s Kc")
    assert state.table_cards() == []
    assert scope(state) == [0, 0]
    # Table AC, 4, 6: the AD takes only the AC (LOTO-ASSI).
    state = position(("Ad 2c", "", "", ""), "Ac 4b 6s", ply=10, preset="assi")
    assert legal_for(state, "Ad") == takes("Ac")
    play(state, "Ad", "Ac")
    assert names(state.table_cards()) == "4b 6s"
    # Empty table mid-hand: the ace captures itself, with no scopa.
    state = position(("Ad 2c", "", "", ""), "", ply=10, preset="assi")
    assert kinds_for(state, "Ad") == {(frozenset(), "self")}
    play(state, "Ad")
    assert state.table_cards() == []
    assert state.play_info(10)[4] is True  # self-take
    assert scope(state) == [0, 0]
    # The very first card of a 10-card hand cannot be an ace (GSTARS-APT).
    state = position(("Ad 2c 3c", "", "", ""), "", ply=0, preset="assi")
    assert {card for card, _ in legal(state)} == {"2c", "3c"}
    with pytest.raises(IllegalMove, match="Ad"):
        play(state, "Ad")


# -- C-11 capture rules ----------------------------------------------------------------------


def test_c11_equal_card_beats_sum():
    state = position(("6d", "", "", ""), "6c Ab 2s 3b 5s")
    assert legal_for(state, "6d") == takes("6c")


def test_c11_choice_among_several_equal_cards():
    state = position(("5c", "", "", ""), "5d 5s 5b 2c 3b")
    assert legal_for(state, "5c") == takes("5d", "5s", "5b")


def test_c11_sum_needs_two_or_more_cards():
    state = position(("Kd", "", "", ""), "Qc")
    assert legal_for(state, "Kd") == TRAIL


def test_c11_trail_when_nothing_to_take():
    state = position(("Kd 2c", "", "", ""), "3b 4s")
    assert legal_for(state, "Kd") == TRAIL
    assert legal_for(state, "2c") == TRAIL
    play(state, "Kd")
    assert names(state.table_cards()) == "3b 4s Kd"


def test_c11_sums_with_repeated_values_are_distinct_cards():
    # Cards of equal value but different suit are distinct objects (RULES §4.2).
    state = position(("Kd", "", "", ""), "5c 5s 2b 3b")
    assert legal_for(state, "Kd") == takes("5c 5s", "5c 2b 3b", "5s 2b 3b")


def test_c11_free_choice_among_sums_of_any_size():
    table = "Ac 2c 3b 4s 6d"
    state = position(("Kd", "", "", ""), table)
    assert legal_for(state, "Kd") == takes("4s 6d", "Ac 3b 6d", "Ac 2c 3b 4s")


def test_fewest_cards_keeps_only_the_smallest_sets():
    table = "Ac 2c 3b 4s 6d"
    state = position(("Kd", "", "", ""), table, sum_choice="fewest_cards")
    assert legal_for(state, "Kd") == takes("4s 6d")
    # Among sets of the same size the choice stays free.
    state = position(("Kd", "", "", ""), "2c 3b 7s Js Ab", sum_choice="fewest_cards")
    assert legal_for(state, "Kd") == takes("2c Js", "3b 7s")


def test_fewest_cards_does_not_override_equal_card_priority():
    state = position(("7d", "", "", ""), "3b 4s 7c", sum_choice="fewest_cards")
    assert legal_for(state, "7d") == takes("7c")


def test_c11_c40_capture_is_compulsory_for_the_card_not_the_turn():
    # Card-level (default): the 7S must capture, but the 4D may be trailed.
    state = position(("7s 4d Kb", "", "", ""), "2b 5c")
    assert legal(state) == {("7s", frozenset({"2b", "5c"})), ("4d", frozenset()),
                            ("Kb", frozenset())}


def test_forced_capture_turn_drops_trails_when_any_card_captures():
    # MCP's turn-level rule (RULES §10 row 12): no trail while any capture exists.
    state = position(("7s 4d Kb", "", "", ""), "2b 5c", forced_capture="turn")
    assert legal(state) == {("7s", frozenset({"2b", "5c"}))}
    with pytest.raises(IllegalMove, match="4d"):
        play(state, "4d")
    # With no capture anywhere every card may still be trailed.
    state = position(("4d Kb", "", "", ""), "2b 5c", forced_capture="turn")
    assert legal(state) == {("4d", frozenset()), ("Kb", frozenset())}


def test_equal_card_priority_off_allows_equal_card_or_sum():
    state = position(("7d", "", "", ""), "3b 4s 7c", equal_card_priority=False)
    assert legal_for(state, "7d") == takes("7c", "3b 4s")
    # A card with an equal card on the table still may not be trailed.
    state = position(("7d", "", "", ""), "7c", equal_card_priority=False)
    assert legal_for(state, "7d") == takes("7c")


def test_capture_never_takes_a_card_of_higher_value():
    state = position(("3d", "", "", ""), "Kc Qb Js")
    assert legal_for(state, "3d") == TRAIL


def test_no_move_is_listed_twice():
    state = position(("5c 5b Kd Kc Qs", "", "", ""), "5d 5s Ac 4c 3b 2s 2b")
    found = moves_with_kind(state)
    assert len(found) == len(set(found))


# -- RULES §7 ace variants ---------------------------------------------------------------


def test_ace_sweep_takes_the_whole_table_in_a_9_plus_4_game():
    state = position(("Ad 2c", "", "", ""), "3b 5s Kc Qd", ply=5, ace_sweep=True)
    assert legal_for(state, "Ad") == takes("3b 5s Kc Qd")
    assert state.rules.ace_ban_plies == 0  # no ban attested for 9+4 (RULES §7)


def test_plain_ace_without_ace_sweep():
    state = position(("Ad", "", "", ""), "3b 5s Kc")
    assert legal_for(state, "Ad") == TRAIL
    state = position(("Ad", "", "", ""), "3b Ac Kc")
    assert legal_for(state, "Ad") == takes("Ac")
    state = position(("Ad", "", "", ""), "", ply=4)
    assert kinds_for(state, "Ad") == {(frozenset(), "trail")}


def test_ace_with_ace_on_table_takes_ace():
    state = position(("Ad", "", "", ""), "Ac 4b 6s", ply=10, preset="assi")
    assert legal_for(state, "Ad") == takes("Ac")
    state = position(("Ad", "", "", ""), "Ac As 4b", ply=10, preset="assi")
    assert legal_for(state, "Ad") == takes("Ac", "As")  # the player's choice


def test_ace_with_ace_on_table_sweeps():
    state = position(("Ad", "", "", ""), "Ac 4b 6s", ply=10, preset="assi",
                     ace_with_ace_on_table="sweeps")
    assert legal_for(state, "Ad") == takes("Ac 4b 6s")


def test_ace_on_empty_table_takes_itself():
    state = position(("Ad 5c", "", "", ""), "", ply=10, preset="assi")
    assert kinds_for(state, "Ad") == {(frozenset(), "self")}
    play(state, "Ad")
    assert state.table_cards() == []
    assert state.turn == 1
    seat, card, taken, scopa, self_take = state.play_info(10)
    assert (seat, card_name(card), taken, scopa, self_take) == (0, "Ad", [], False, True)


def test_ace_on_empty_table_stays():
    state = position(("Ad 5c", "", "", ""), "", ply=10, preset="assi",
                     ace_on_empty_table="stays")
    assert kinds_for(state, "Ad") == {(frozenset(), "trail")}
    play(state, "Ad")
    assert names(state.table_cards()) == "Ad"
    assert state.play_info(10)[4] is False


@pytest.mark.parametrize("ban, banned_plies", [("first_play", {0}),
                                               ("first_round", {0, 1, 2, 3}),
                                               ("never", set())])
def test_first_lead_ace_banned(ban, banned_plies):
    for ply in range(6):
        turn = ply % 4  # dealer 3 throughout
        hands = ["", "", "", ""]
        hands[turn] = "Ad 5c"
        state = position(hands, "" if ply == 0 else "Kb", turn=turn, ply=ply, preset="assi",
                         first_lead_ace_banned=ban)
        playable = {card for card, _ in legal(state)}
        if ply in banned_plies:
            assert playable == {"5c"}, ply
            with pytest.raises(IllegalMove, match="Ad"):
                play(state, "Ad")
        else:
            assert playable == {"Ad", "5c"}, ply


def test_assi_bans_only_the_opening_play_by_default():
    assert Rules("assi").ace_ban_plies == 1
    assert Rules("dieci").ace_ban_plies == 0


def test_ace_may_decline():
    base = dict(ply=10, preset="assi", ace_may_decline=True)
    # A sweep or an ordinary ace, which here is a trail.
    state = position(("Ad", "", "", ""), "3b 5s", **base)
    assert kinds_for(state, "Ad") == {(frozenset({"3b", "5s"}), "take"), (frozenset(), "trail")}
    # Empty table: itself or a trail.
    state = position(("Ad", "", "", ""), "", **base)
    assert kinds_for(state, "Ad") == {(frozenset(), "self"), (frozenset(), "trail")}
    # An ace on the table under takes_ace: an ordinary equal capture, nothing to decline.
    state = position(("Ad", "", "", ""), "Ac 4b", **base)
    assert legal_for(state, "Ad") == takes("Ac")
    # Under sweeps: the sweep, or the ordinary capture of the ace.
    state = position(("Ad", "", "", ""), "Ac 4b", ace_with_ace_on_table="sweeps", **base)
    assert legal_for(state, "Ad") == takes("Ac 4b", "Ac")


def test_move_for_tells_an_ace_taking_itself_from_one_staying():
    state = position(("Ad", "", "", ""), "", ply=10, preset="assi", ace_may_decline=True)
    ace = parse_card("Ad")
    assert state.move_for(ace, [], self_take=True) & SELF_TAKE
    stays = state.move_for(ace, [], self_take=False)
    assert not stays & SELF_TAKE
    state.play(stays)
    assert names(state.table_cards()) == "Ad"
    assert state.play_info(10)[4] is False  # no self-take: a record writes no "self"


def test_ace_may_decline_lone_ace_under_sweeps_is_one_move():
    # With only an ace on the table, the sweep and the declined (ordinary) capture take the same
    # card; listing both gives two moves that move_for cannot tell apart and that count twice.
    state = position(("Ad", "", "", ""), "Ac", ply=10, preset="assi",
                     ace_with_ace_on_table="sweeps", ace_may_decline=True)
    assert moves_with_kind(state) == [("Ad", frozenset({"Ac"}), "take")]


def test_ace_sweep_is_compulsory_by_default():
    state = position(("Ad", "", "", ""), "3b 5s", ply=10, preset="assi")
    assert kinds_for(state, "Ad") == {(frozenset({"3b", "5s"}), "take")}
    with pytest.raises(IllegalMove, match="Ad"):
        play(state, "Ad")


def test_ace_sweep_scores_scopa_when_on():
    state = position(("Ad", "", "", ""), "3b 5s", ply=10, preset="assi",
                     ace_sweep_scores_scopa=True)
    play(state, "Ad", "3b 5s")
    assert scope(state) == [1, 0]
    assert state.play_info(10)[3] is True


def test_ace_sweep_scores_no_scopa_by_default():
    state = position(("Ad", "", "", ""), "3b 5s", ply=10, preset="assi")
    play(state, "Ad", "3b 5s")
    assert scope(state) == [0, 0]


def test_ace_sweep_on_final_play_never_scores():
    state = position(("", "", "", "Ad"), "3b 5s", turn=3, ply=39, preset="assi",
                     ace_sweep_scores_scopa=True)
    play(state, "Ad", "3b 5s")
    assert scope(state) == [0, 0]


def test_ace_never_scopa_lone_ace_taken_by_an_ace():
    # RULES §10 row 28a: in the assi preset aces never make scopa.
    state = position(("Ad", "", "", ""), "Ac", ply=10, preset="assi")
    play(state, "Ad", "Ac")
    assert state.table_cards() == [] and scope(state) == [0, 0]
    # An ordinary equal capture that clears the table is a scopa once ace_never_scopa is off.
    state = position(("Ad", "", "", ""), "Ac", ply=10, preset="assi", ace_never_scopa=False)
    play(state, "Ad", "Ac")
    assert scope(state) == [1, 0]
    # ... but the sweep itself still scores nothing (ace_sweep_scores_scopa=false).
    state = position(("Ad", "", "", ""), "3b 5s", ply=10, preset="assi", ace_never_scopa=False)
    play(state, "Ad", "3b 5s")
    assert scope(state) == [0, 0]


def test_plain_game_ace_taking_lone_ace_is_a_scopa():
    # C-14: without ace rules an ace taking the only card on the table sweeps it.
    state = position(("Ad 2c", "", "", ""), "Ac", ply=4)
    play(state, "Ad", "Ac")
    assert scope(state) == [1, 0]


def test_aces_on_the_table_count_one_in_sums():
    state = position(("3d", "", "", ""), "Ac 2b", ply=10, preset="assi")
    assert legal_for(state, "3d") == takes("Ac 2b")


# -- illegal moves -------------------------------------------------------------------------


def assert_refused(state, card: str, take: str = "", *, match: str = "") -> str:
    """Play ``card`` taking ``take``: IllegalMove naming the card, and the state unchanged.

    The snapshot leaves out the engine's work buffers, so it compares the position itself.
    """
    before = snapshot(state)
    with pytest.raises(IllegalMove) as caught:
        play(state, card, take)
    message = str(caught.value)
    assert card in message
    if match:
        assert match in message
    assert snapshot(state) == before
    return message


def test_illegal_card_not_in_hand():
    state = position(("7d 2c", "3s", "", ""), "3b 4s 7c")
    assert_refused(state, "Kd", match="hand")  # a card out of play
    assert_refused(state, "7c", "3b 4s")  # a card on the table
    play(state, "2c")  # trailed: now on the table
    play(state, "3s", "3b")  # seat 1 takes the 3B
    assert_refused(state, "3s")  # now in a pile


def test_illegal_wrong_turn():
    state = position(("7d", "4c", "", ""), "3b 4s 7c")
    message = assert_refused(state, "4c", "4s")
    assert "seat 1" in message and "seat 0" in message


def test_illegal_trail_when_the_card_must_capture():
    state = position(("7d 2c", "", "", ""), "3b 4s")
    assert_refused(state, "7d", match="capture")


def test_illegal_sum_when_an_equal_card_exists():
    state = position(("7d", "", "", ""), "3b 4s 7c")
    message = assert_refused(state, "7d", "3b 4s")
    assert "7c" in message


def test_illegal_single_card_that_is_not_the_equal_one_is_named():
    state = position(("3c Kc", "", "", ""), "3b 4s")
    message = assert_refused(state, "3c", "4s")
    assert "must take an equal card (3b), not 4s" in message


def test_a_move_that_is_no_move_is_refused_by_name():
    state = position(("7d", "", "", ""), "3b 4s")
    before = snapshot(state)
    for bad, words in ((None, "None is no move"), ("7d", "'7d' is no move"),
                       (True, "True is no move"), (1 << 40, "plays no card"),
                       (-1, "plays no card")):
        with pytest.raises(IllegalMove, match=words):
            state.play(bad)
        assert snapshot(state) == before
    for bad in (99, -1, 1.0, None):
        with pytest.raises(IllegalMove, match="is no card"):
            state.move_for(bad)


def test_illegal_take_that_does_not_add_up():
    state = position(("7d", "", "", ""), "3b 4s 2c")
    message = assert_refused(state, "7d", "3b 2c")
    assert "3b" in message and "2c" in message


def test_illegal_take_of_a_card_not_on_the_table():
    state = position(("7d", "", "", ""), "3b 4s")
    before = snapshot(state)
    with pytest.raises(IllegalMove, match="5s"):
        play(state, "7d", "3b 5s")
    assert snapshot(state) == before


def test_illegal_partial_or_extra_take():
    state = position(("Kd", "", "", ""), "5c 5s 3b")
    assert_refused(state, "Kd", "5c")
    state = position(("5d", "", "", ""), "5c 5s 3b")
    assert_refused(state, "5d", "5c 5s")


def test_illegal_more_than_fewest_cards():
    state = position(("Qd", "", "", ""), "Ac 3b 4s 5d Jc", sum_choice="fewest_cards")
    assert_refused(state, "Qd", "Ac 3b 5d", match="fewest")


def test_illegal_ace_on_the_opening_play():
    state = position(("Ad 5c", "", "", ""), "", preset="assi")
    assert_refused(state, "Ad", match="ace")


def test_illegal_ace_taking_less_than_the_sweep():
    state = position(("Ad", "", "", ""), "3b 5s", ply=10, preset="assi")
    assert_refused(state, "Ad", "3b")


def test_illegal_trail_under_forced_capture_turn():
    state = position(("7s 4d", "", "", ""), "2b 5c", forced_capture="turn")
    assert_refused(state, "4d")


def test_illegal_ace_trail_names_the_rule_that_bars_it():
    # C-11 bars leaving the ace on an empty table where it takes itself; with ace_may_decline
    # it may stay, and only forced_capture=turn bars that when another card can capture.
    for table, overrides, rule in (("", {}, r"\(C-11\); legal: Ad takes itself"),
                                   ("3b 5s", {"ace_may_decline": True, "forced_capture": "turn"},
                                    "forced_capture=turn")):
        state = position(("Ad 5c", "", "", ""), table, ply=10, preset="assi", **overrides)
        before = snapshot(state)
        with pytest.raises(IllegalMove, match=rule):
            state.play(parse_card("Ad"))  # a trail
        assert snapshot(state) == before


def test_illegal_ace_sweep_without_its_flag_says_so():
    state = position(("Ad", "", "", ""), "3b 5s", ply=10, preset="assi")
    take = (1 << state.slot[parse_card("3b")]) | (1 << state.slot[parse_card("5s")])
    before = snapshot(state)
    with pytest.raises(IllegalMove, match="flags"):
        state.play(encode_move(parse_card("Ad"), take))  # no ACE_SWEEP
    assert snapshot(state) == before
    state.play(encode_move(parse_card("Ad"), take, ACE_SWEEP))


def test_illegal_move_when_no_hand_is_in_play():
    state = position(("", "", "", "Kc"), "3d 7b", turn=3, ply=35)
    play(state, "Kc", "3d 7b")
    with pytest.raises(IllegalMove):
        state.check(state.move_for(parse_card("Kc"), []))


# -- a brute-force reference: RULES §4.2 legal_moves and §7 ace_moves -------------------------


def reference_moves(hand, table, ply, values) -> set:
    """RULES §4.2 pseudo-code with §7 ace_moves, written from the text; moves as in
    moves_with_kind (a set: the pseudo-code lists each move once).

    Two points the pseudo-code leaves open are read as the engine does: with
    ``equal_card_priority`` off a card may take an equal card or a sum (``fewest_cards``
    narrowing the sums only), and ``ace_may_decline`` offers what a plain ace would do (take an
    equal ace, else trail). An ace's self-take counts as a capture for ``forced_capture=turn``.
    """
    sum_sets = {}
    for size in range(2, len(table) + 1):
        for subset in itertools.combinations(table, size):
            sum_sets.setdefault(sum(card_value(c) for c in subset), []).append(subset)
    ban = {"never": 0, "first_play": 1, "first_round": 4}[values["first_lead_ace_banned"]]
    moves = set()

    def add(card, taken, kind):
        moves.add((card_name(card), frozenset(card_name(c) for c in taken), kind))

    for card in hand:
        value = card_value(card)
        if value == 1 and ply < ban:
            continue
        if value == 1 and values["ace_sweep"]:
            aces = [t for t in table if card_value(t) == 1]
            if not table:
                if values["ace_on_empty_table"] == "takes_itself":
                    add(card, (), "self")
                    if values["ace_may_decline"]:
                        add(card, (), "trail")
                else:
                    add(card, (), "trail")
            elif aces and values["ace_with_ace_on_table"] == "takes_ace":
                for ace in aces:
                    add(card, (ace,), "take")
            else:
                add(card, table, "take")
                if values["ace_may_decline"]:
                    for ace in aces:
                        add(card, (ace,), "take")
                    if not aces:
                        add(card, (), "trail")
            continue
        equal = [(t,) for t in table if card_value(t) == value]
        sums = list(sum_sets.get(value, []))
        if values["sum_choice"] == "fewest_cards" and sums:
            fewest = min(len(s) for s in sums)
            sums = [s for s in sums if len(s) == fewest]
        if equal and values["equal_card_priority"]:
            captures = equal
        else:
            captures = equal + sums
        for taken in captures:
            add(card, taken, "take")
        if not captures:
            add(card, (), "trail")
    if values["forced_capture"] == "turn" and any(kind != "trail" for _, _, kind in moves):
        moves = {move for move in moves if move[2] != "trail"}
    return moves


def rule_settings():
    plain = []
    for sum_choice, forced, priority in itertools.product(
            ("free", "fewest_cards"), ("card", "turn"), (True, False)):
        plain.append(("chitarrella", {"sum_choice": sum_choice, "forced_capture": forced,
                                      "equal_card_priority": priority}))
    aces = []
    for preset, on_ace, empty, decline, ban in itertools.product(
            ("assi", "chitarrella"), ("takes_ace", "sweeps"), ("takes_itself", "stays"),
            (False, True), ("first_play", "first_round", "never")):
        overrides = {"ace_sweep": True, "ace_with_ace_on_table": on_ace,
                     "ace_on_empty_table": empty, "ace_may_decline": decline,
                     "first_lead_ace_banned": ban}
        aces.append((preset, overrides))
    mixed = [("assi", {"sum_choice": "fewest_cards", "forced_capture": "turn"}),
             ("assi", {"equal_card_priority": False, "ace_may_decline": True}),
             ("dieci", {"forced_capture": "turn"})]
    return plain + aces + mixed


def random_position(rng: random.Random):
    deck = list(range(40))
    rng.shuffle(deck)
    size = rng.choice((0, 1, 2, 3, 4, 5, 6, 7, 8, 9))
    if rng.random() < 0.5:
        # Small values only, so that tables often repeat a value (two 5s, three aces, ...).
        low = rng.choice((3, 4, 5, 6))
        pool = [c for c in deck if card_value(c) <= low]
        table = pool[:min(size, len(pool))]
    else:
        table = deck[:size]
    rest = [c for c in deck if c not in table]
    if rng.random() < 0.3:  # hands with aces
        aces = [c for c in rest if card_value(c) == 1]
        rest = aces[:rng.randint(0, len(aces))] + [c for c in rest if card_value(c) != 1]
    hand = rest[:rng.randint(1, 10)]
    ply = rng.choice((0, 1, 2, 3, 4, 5, 17))
    return hand, table, ply


def test_legal_moves_match_brute_force_reference():
    rng = random.Random(20240611)
    settings = []
    for preset, overrides in rule_settings():
        rules = Rules(preset, overrides)
        settings.append((State(rules), rules.to_dict()))
    checked = 0
    repeated = 0
    for _ in range(3000):
        state, values = rng.choice(settings)
        hand, table, ply = random_position(rng)
        state.set_position([hand, [], [], []], table, turn=0, ply=ply)
        found = set(moves_with_kind(state))  # duplicates: see the lone-ace test below
        expected = reference_moves(hand, table, ply, values)
        assert found == expected, (values, names(hand), names(table), ply)
        checked += 1
        repeated += len({card_value(c) for c in table}) < len(table)
    assert checked == 3000
    assert repeated > 500  # the tables did repeat values



def test_moves_unpack_and_pack_again_with_the_helpers_of_engine_moves():
    # capture.py packs moves inline; engine/moves.py's helpers must read them the same way:
    # the card, the table slots taken (those taken_cards names) and the ace flags (RULES §7).
    rng = random.Random(20261129)
    settings = [State(Rules(preset, overrides)) for preset, overrides in rule_settings()]
    buffer = array("i", [0] * BIG)
    flagged = 0
    for _ in range(500):
        state = rng.choice(settings)
        hand, table, ply = random_position(rng)
        state.set_position([hand, [], [], []], table, turn=0, ply=ply)
        for move in buffer[:state.legal_moves(buffer)]:
            card, take, flags = move_card(move), move_take(move), move_flags(move)
            assert card in hand
            assert encode_move(card, take, flags) == move
            slots = [slot for slot in range(16) if take >> slot & 1]
            assert [state.table[slot] for slot in slots] == state.taken_cards(move)
            assert is_capture(move) == bool(take or flags)
            flagged += flags != 0
    assert flagged > 50  # the ace variants came up

# -- the bound on the move buffer ------------------------------------------------------------
#
# Model of every table a game can reach [derived from C-11 and RULES §4.5]: the 9+4 deal starts
# from any four cards, the 10+0 deal from none; each play either trails a card of a value that
# is neither on the table nor a sum of table cards, or removes a capturable set (one card, a
# set adding up to at most 10, or everything, for an ace sweep). The player to move at ply p
# holds hand_size - p // 4 cards, drawn at best from the copies of each value not on the table.
# A card's moves are counted with equal_card_priority off and free sums (every other setting
# only removes moves) plus the most any ace variant gives an ace. Breadth-first search keeps
# each table at the earliest ply it appears, where the hand is largest.
#
# Worst case found: 9+4, table 3 3 3 3 (all four threes dealt to the table) plus trails of
# J 7 5 4 2 A in that order, none of which can capture; at ply 6 the player holds all four
# kings and all four cavalli: each king has 25 captures and each cavallo 21, 184 moves in all.
# The 10+0 deal peaks at 66 (table A..9, trailed from the top down).


@lru_cache(maxsize=None)
def _moves_per_value(table):
    """Most moves one card of each value 1..10 can have on ``table`` (counts by value)."""
    out = [0] * 11
    for value in range(1, 11):
        ways = {(0, 0): 1}  # (sum, cards) -> number of distinct card sets
        for part in range(1, value):
            if table[part]:
                grown = {}
                for (total, size), count in ways.items():
                    for k in range(table[part] + 1):
                        if total + k * part > value:
                            break
                        key = (total + k * part, size + k)
                        grown[key] = grown.get(key, 0) + count * comb(table[part], k)
                ways = grown
        sums = sum(count for (total, size), count in ways.items()
                   if total == value and size >= 2)
        out[value] = max(table[value] + sums, 1)
    out[1] = max(out[1], table[1] + 1, 2)  # ace variants: a sweep or self-take, or declining
    return tuple(out)


@lru_cache(maxsize=None)
def _subset_sums(table):
    values = [v for v in range(1, 11) for _ in range(table[v])]
    return frozenset(sum(c) for size in range(2, len(values) + 1)
                     for c in itertools.combinations(values, size) if sum(c) <= 10)


def _best_hand(table, size):
    per_value = _moves_per_value(table)
    counts = sorted((per_value[v] for v in range(1, 11) for _ in range(4 - table[v])),
                    reverse=True)
    return sum(counts[:size])


def most_moves(hand_size: int, first_tables) -> tuple:
    """(most moves, table as value counts, ply) over every table the model reaches, and the
    most moves one card has on any of them."""
    frontier = set(first_tables)
    seen = set(frontier)
    best = (0, None, None)
    card_best = 0
    ply = 0
    while frontier and ply < 4 * hand_size:
        size = hand_size - ply // 4
        following = set()
        for table in frontier:
            moves = _best_hand(table, size)
            if moves > best[0]:
                best = (moves, table, ply)
            card_best = max(card_best, *_moves_per_value(table)[1:])
            sums = _subset_sums(table)
            grown = [t for t in range(1, 11) if not table[t] and t not in sums]
            values = [v for v in range(1, 11) for _ in range(table[v])]
            removed = {c for k in range(1, len(values) + 1)
                       for c in itertools.combinations(values, k) if k == 1 or sum(c) <= 10}
            removed.add(tuple(values))  # an ace sweep
            for value in grown:
                following.add(table[:value] + (table[value] + 1,) + table[value + 1:])
            for taken in removed:
                after = list(table)
                for value in taken:
                    after[value] -= 1
                following.add(tuple(after))
        frontier = following - seen
        seen |= frontier
        ply += 1
    return best + (card_best,)


def nine_plus_four_openings():
    openings = set()
    for deal in itertools.combinations_with_replacement(range(1, 11), 4):
        table = [0] * 11
        for value in deal:
            table[value] += 1
        openings.add(tuple(table))
    return openings


def test_max_moves_never_exceeded():
    worst_nine, table, ply, card_nine = most_moves(9, nine_plus_four_openings())
    assert (worst_nine, table, ply) == (184, (0, 1, 1, 4, 1, 1, 0, 1, 1, 0, 0), 6)
    worst_ten, _, _, card_ten = most_moves(10, {(0,) * 11})
    assert worst_ten == 66
    assert max(worst_nine, worst_ten) <= MAX_MOVES
    # a king: 25 sums on 3 3 3 3 A 2 4 5 7 8, and the king there with equal_card_priority off
    assert max(card_nine, card_ten) == MAX_CARD_MOVES


def worst_position() -> State:
    """The worst case above, reached by legal play from a real deal (chitarrella rules)."""
    table = cards("3d 3c 3b 3s")
    hands = [cards("Jc 2c Ad 2d 4d 5d 6d 7d Jd"), cards("7c Ac 6c Ab 2b 4b 5b 6b 7b"),
             cards("5c Kd Kc Kb Ks Qd Qc Qb Qs"), cards("4c Jb As 2s 4s 5s 6s 7s Js")]
    state = State(Rules("chitarrella"), 1)
    state.new_match(1, first_dealer=3)
    assert state.set_deal(hands, table) == 0  # DEALT: four threes is no redeal
    for card in "Jc 7c 5c 4c 2c Ac".split():  # each trail is legal: nothing to capture
        assert legal_for(state, card) == TRAIL
        play(state, card)
    return state


def test_worst_case_position_has_the_predicted_move_count():
    state = worst_position()
    assert state.ply == 6 and state.turn == 2
    assert names(state.table_cards()) == "3d 3c 3b 3s Jc 7c 5c 4c 2c Ac"
    found = moves_with_kind(state)
    assert len(found) == 184
    assert sum(1 for card, _, _ in found if card == "Kd") == 25
    assert sum(1 for card, _, _ in found if card == "Qd") == 21


def test_worst_case_position_fits_the_max_moves_buffer():
    state = worst_position()
    buffer = [0] * MAX_MOVES
    assert state.legal_moves(buffer) <= MAX_MOVES


def test_sums_of_table_matches_sum_masks():
    # capture.SUMS_OF is a literal; derive it again from SUM_MASKS (RULES §4.2 item 3).
    from engine.capture import SUM_MASKS, SUMS_OF

    assert len(SUMS_OF) == 512
    for index in range(512):
        values = index << 1  # bit v for a table value v, values 1..9
        for value in range(1, 11):
            fits = any(values & mask == mask for mask in SUM_MASKS[value])
            assert bool(SUMS_OF[index] << 3 >> value & 1) == fits, (value, values)


def test_sum_masks_are_every_set_of_distinct_values():
    from engine.capture import SUM_MASKS

    for value in range(11):
        expected = sorted(
            sum(1 << v for v in subset)
            for size in range(2, 11)
            for subset in itertools.combinations(range(1, 11), size)
            if sum(subset) == value
        )
        assert sorted(SUM_MASKS[value]) == expected
