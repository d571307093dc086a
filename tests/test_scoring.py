"""Hand scoring (engine/scoring.py): carte, denari, settebello, primiera, scope and extras.

Positions are finished hands: the last few plays of a hand, scripted card by card, with the
cards they capture; cards named nowhere are out of play and score for nobody.

Rules: C-14, C-16 to C-23; RULES §5, §9.7, §9.8, §10 rows 15-19, 22-24.
"""

import random
from array import array

import pytest

from conftest import cards, names, play, snapshot
from engine.cards import card_suit
from engine.layout import DEAL, HAND_OVER, PLAY, TERMINAL
from engine.rules import Rules
from engine.scoring import (
    CARDS,
    DENARI,
    INCOMPLETE,
    NAPOLEONE,
    P_CARTE,
    P_DENARI,
    P_NAPOLA,
    P_PRIMIERA,
    P_RE_BELLO,
    P_SCOPE,
    P_SETTEBELLO,
    PRIMIERA,
    SIZE,
    TOTAL,
)
from engine.state import State

BIG = 8192
C18 = (16, 12, 13, 14, 15, 18, 21, 10, 10, 10)  # primiera values by rank A..K


def end_of_hand(table: str, moves, preset="chitarrella", **overrides) -> State:
    """Play the last ``len(moves)`` plays of a hand and return the finished state.

    ``moves`` are ("card", "taken cards") pairs in playing order; the last is the dealer's
    (seat 3) final play, so seats 2 and 0 are team 0 and seats 1 and 3 team 1. Each seat's
    hand is the cards it plays. Every play is checked (IllegalMove if the rules forbid it).
    """
    rules = Rules(preset, overrides)
    count = len(moves)
    turn = (4 - count) % 4
    hands = [[], [], [], []]
    for i, (card, _) in enumerate(moves):
        hands[(turn + i) % 4] += cards(card)
    state = State(rules, 1)
    state.set_position(hands, cards(table), turn=turn, ply=rules.plies - count)
    assert state.dealer == 3
    for card, taken in moves:
        play(state, card, taken)
    assert state.phase == HAND_OVER
    return state


def points(state) -> array:
    out = array("h", [0] * SIZE)
    state.score_hand(out)
    return out


def pair(out, offset) -> tuple:
    return (out[offset], out[offset + 1])


# -- carte and denari (C-16, C-20) --------------------------------------------------------


def reference_piles(state, first_ply: int = 0) -> list:
    """Each team's captured cards, rebuilt from play_info and rest_cards (public records) for
    a hand played from ``first_ply``."""
    piles = [[], []]
    last_taker = None
    for ply in range(first_ply, state.rules.plies):
        seat, card, taken, _, self_take = state.play_info(ply)
        if taken or self_take:
            piles[seat % 2] += [card] + list(taken)
            last_taker = seat
    if last_taker is not None:
        piles[last_taker % 2] += state.rest_cards()
    return piles


def random_hand(state, rng) -> None:
    buffer = array("i", [0] * BIG)
    while state.phase == DEAL:
        state.deal()
    while state.phase == PLAY:
        state.apply(buffer[rng.randrange(state.legal_moves(buffer))])


def find_hand(condition, preset="chitarrella"):
    """The first seeded random hand whose reference piles satisfy ``condition``."""
    rng = random.Random(8)
    state = State(Rules(preset), 1)
    for seed in range(400):
        state.new_match(seed, first_dealer=seed % 4)
        random_hand(state, rng)
        piles = reference_piles(state)
        if condition(piles):
            return state, piles
    pytest.fail("no such hand in 400 seeded hands")


def test_c16_carte_more_than_20_cards_scores():
    state, piles = find_hand(lambda p: len(p[0]) == 21)
    out = points(state)
    assert pair(out, CARDS) == (21, 19)
    assert pair(out, P_CARTE) == (1, 0)


def test_c20_carte_20_20_scores_nothing():
    state, piles = find_hand(lambda p: len(p[0]) == 20)
    out = points(state)
    assert pair(out, CARDS) == (20, 20)
    assert pair(out, P_CARTE) == (0, 0)


def test_c16_denari_more_than_5_scores():
    state = end_of_hand("Ad 2d 4d 5d 6d 7d Jd Qd", [("3s", "Ad 2d"), ("Qs", "Qd")])
    out = points(state)
    assert pair(out, DENARI) == (2, 6)  # 4d 5d 6d 7d Jd went with the rest (C-12)
    assert pair(out, P_DENARI) == (0, 1)


def test_c20_denari_5_5_scores_nothing():
    state = end_of_hand("Ad 2d 3d 4d 5d 6d 7d Jd Qd", [("Kd", "Ad 2d 3d 4d"), ("Qs", "Qd")])
    out = points(state)
    assert pair(out, DENARI) == (5, 5)
    assert pair(out, P_DENARI) == (0, 0)


def test_denari_5_against_fewer_scores_nothing():
    state = end_of_hand("Ad 2d 4d 5d 6d 7d Jd", [("3s", "Ad 2d"), ("Js", "Jd")])
    assert pair(points(state), DENARI) == (2, 5)
    assert pair(points(state), P_DENARI) == (0, 0)


def test_c16_settebello():
    # The dealer (team 1) takes it on the final play.
    state = end_of_hand("7d 3c", [("7s", "7d")])
    assert pair(points(state), P_SETTEBELLO) == (0, 1)
    # Seat 2 (team 0) takes it, then the dealer takes the rest.
    state = end_of_hand("7d 3c 2b", [("7s", "7d"), ("5b", "3c 2b")])
    assert pair(points(state), P_SETTEBELLO) == (1, 0)


# -- primiera (C-18 to C-22; RULES §5.2) -------------------------------------------------------

# Finished hands for §9.7. Team 0 is side A, team 1 side B.
C21_TIE = ("7c 6c 2s 5c 6b Ab",
           [("7d", "7c"), ("6d", "6c"), ("7b", "2s 5c"), ("7s", "6b Ab")])
C22_MISSING_SUIT = ("7c 2s 4c 3c As 3s 4s 5s 6s Js Qs Ks Jc 3b",
                    [("7d", "7c"), ("2d", "2s"), ("7b", "4c 3c"), ("7s", "3s 4s")])
ORDINARY = ("7s 7b Ab 5c 5s",
            [("7d", "7s"), ("7c", "7b"), ("6c", "Ab 5c"), ("5d", "5s")])
BOTH_INCOMPLETE = ("7b 6s As 2d", [("7d", "7b"), ("7s", "6s As")])


def test_example_9_7_c21_primiera_tie_scores_nothing():
    state = end_of_hand(*C21_TIE)
    piles = reference_piles(state, first_ply=32)
    assert sorted(names(p) for p in piles) == sorted(["7d 7c 7b 2s 5c", "6d 6c 7s 6b Ab"])
    out = points(state)
    assert pair(out, PRIMIERA) == (75, 75)  # 21*3 + 12 against 21 + 18*3
    assert pair(out, P_PRIMIERA) == (0, 0)


def test_example_9_7_c22_missing_suit_loses_to_a_lower_total():
    state = end_of_hand(*C22_MISSING_SUIT)
    team_b = reference_piles(state, first_ply=32)[1]
    assert sorted(c for c in team_b if card_suit(c) == 3) == list(range(30, 40))  # all spades
    out = points(state)
    assert pair(out, PRIMIERA) == (INCOMPLETE, 56)  # 7S 21 + 2D 12 + JC 10 + 3B 13
    assert pair(out, P_PRIMIERA) == (0, 1)


def test_example_9_7_ordinary_comparison():
    state = end_of_hand(*ORDINARY)
    out = points(state)
    assert pair(out, PRIMIERA) == (76, 72)
    assert pair(out, P_PRIMIERA) == (1, 0)


def test_primiera_both_incomplete_no_point():
    state = end_of_hand(*BOTH_INCOMPLETE)
    out = points(state)
    assert pair(out, PRIMIERA) == (INCOMPLETE, INCOMPLETE)
    assert pair(out, P_PRIMIERA) == (0, 0)


def test_primiera_both_incomplete_compare_sums():
    # A: 7D 7B = 42; B: 7S 6S AS 2D, best 7S + 2D = 33.
    state = end_of_hand(*BOTH_INCOMPLETE, primiera_both_incomplete="compare_sums")
    assert pair(points(state), P_PRIMIERA) == (1, 0)
    swapped = end_of_hand("7s 6d Ad 2s", [("7c", "7s"), ("7b", "6d Ad")],
                          primiera_both_incomplete="compare_sums")
    assert pair(points(swapped), P_PRIMIERA) == (0, 1)  # A 7C 7S 42, B 7B 6D 2S 51


def test_primiera_compare_sums_tie_scores_nothing():
    state = end_of_hand("7b 7s", [("7d", "7b"), ("7c", "7s")],
                        primiera_both_incomplete="compare_sums")
    out = points(state)
    assert pair(out, P_PRIMIERA) == (0, 0)


def test_primiera_not_requiring_all_suits_sums_what_is_there():
    state = end_of_hand(*BOTH_INCOMPLETE, primiera_requires_all_suits=False)
    out = points(state)
    assert pair(out, PRIMIERA) == (42, 33)
    assert pair(out, P_PRIMIERA) == (1, 0)


def test_primiera_values_override():
    # With the 5 worth 25, side B's two fives overturn the ordinary comparison.
    values = "16,12,13,14,25,18,21,10,10,10"
    state = end_of_hand(*ORDINARY, primiera_values=values)
    out = points(state)
    assert pair(out, PRIMIERA) == (21 + 21 + 25 + 16, 25 + 21 + 21 + 25)
    assert pair(out, P_PRIMIERA) == (0, 1)


# RULES §5.2.1's regional scales, as primiera_values tables by card rank A..K (README,
# Self-play): SPAZIO's figures K 10, C 9, F 8; Trentino's face values with the ace 5.5 and the
# figures 0.5, doubled to whole numbers, which leaves every comparison as it was.
SPAZIO_FIGURES = "16,12,13,14,15,18,21,8,9,10"
TRENTINO_DOUBLED = "11,4,6,8,10,12,14,1,1,1"


def test_rules_5_2_1_spazio_figures_let_a_king_beat_a_fante():
    # A: 7d 7c 7b Js; B: 6d 6c 5b 7s. With every figure 10 (C-18) A wins 73-72; with the
    # fante at 8 B wins 72-71.
    table = "7c 6c 7b Ad 5b 2s"
    moves = [("7d", "7c"), ("6d", "6c"), ("Js", "7b Ad"), ("7s", "5b 2s")]
    assert pair(points(end_of_hand(table, moves)), PRIMIERA) == (73, 72)
    out = points(end_of_hand(table, moves, primiera_values=SPAZIO_FIGURES))
    assert pair(out, PRIMIERA) == (71, 72)
    assert pair(out, P_PRIMIERA) == (0, 1)


def test_rules_5_2_1_trentino_scale_breaks_the_c21_tie():
    # C-21's tie (75-75): three sevens and a two against one seven and three sixes. Trentino
    # counts a seven 7 and a six 6 (doubled: 14 and 12), so the sixes win 50-46.
    out = points(end_of_hand(*C21_TIE, primiera_values=TRENTINO_DOUBLED))
    assert pair(out, PRIMIERA) == (14 * 3 + 4, 14 + 12 * 3)
    assert pair(out, P_PRIMIERA) == (0, 1)


# SPAZIO's "settanta" (RULES §5.2.1): the point to the side with three sevens or more, none on
# a 2-2 split. A table that values the seven alone counts each side's sevens, one per suit,
# and with primiera_requires_all_suits off a missing suit no longer decides.
SETTANTA = {"primiera_values": "0,0,0,0,0,0,1,0,0,0", "primiera_requires_all_suits": False}


@pytest.mark.parametrize("hand, c18, settanta", [
    (C21_TIE, (0, 0), (1, 0)),  # a 75-75 tie; A's three sevens take the settanta
    (C22_MISSING_SUIT, (0, 1), (1, 0)),  # A lacks spades (C-22) but holds three sevens
    (ORDINARY, (1, 0), (0, 0)),  # A wins 76-72; the sevens split 2-2
])
def test_rules_5_2_1_settanta_goes_to_three_sevens(hand, c18, settanta):
    assert pair(points(end_of_hand(*hand)), P_PRIMIERA) == c18
    out = points(end_of_hand(*hand, **SETTANTA))
    assert pair(out, P_PRIMIERA) == settanta
    assert sum(pair(out, PRIMIERA)) == 4  # every seven is in a pile in these hands


def test_primiera_values_zero_valued_card_still_covers_its_suit():
    # C-22 is about a suit missing "del tutto". Side A holds a spade, the Re, even if the
    # primiera_values override scores figures 0; side B holds no bastoni. A must win.
    moves = [("7d", "7b"), ("6d", "6c"), ("Ks", "7c 3d"), ("6s", "2c 4c")]
    table = "7b 6c 7c 3d 2c 4c"
    default = end_of_hand(table, moves)
    assert pair(points(default), PRIMIERA) == (21 + 21 + 21 + 10, INCOMPLETE)
    assert pair(points(default), P_PRIMIERA) == (1, 0)
    zero = end_of_hand(table, moves, primiera_values="16,12,13,14,15,18,21,0,0,0")
    out = points(zero)
    assert pair(out, PRIMIERA) == (63, INCOMPLETE)
    assert pair(out, P_PRIMIERA) == (1, 0)


# -- scope, extras and totals --------------------------------------------------------------


def test_scope_count_in_points_and_total():
    # Team 0 sweeps twice, team 1 takes the last cards (no scopa on the final play).
    state = end_of_hand("2b 5c", [("7s", "2b 5c"), ("3d", ""), ("3c", "3d"), ("Kd", "")])
    out = points(state)
    assert list(state.scope) == [2, 0]
    assert pair(out, P_SCOPE) == (2, 0)
    for team in (0, 1):
        assert out[TOTAL + team] == sum(out[offset + team] for offset in (
            P_CARTE, P_DENARI, P_SETTEBELLO, P_PRIMIERA, P_SCOPE, P_RE_BELLO, P_NAPOLA))


def test_re_bello_with_veneto():
    moves = [("Ks", "Kd")]
    assert pair(points(end_of_hand("Kd 3c", moves, "chitarrella+veneto")), P_RE_BELLO) == (0, 1)
    assert pair(points(end_of_hand("Kd 3c", moves)), P_RE_BELLO) == (0, 0)
    out = points(end_of_hand("Kd 3c", moves, "chitarrella+veneto"))
    assert out[TOTAL + 1] == 1  # re bello, nothing else (no primiera: both incomplete)


@pytest.mark.parametrize("table, moves, run", [
    ("Ad 2d 3d 4d 6d 7d", [("7s", "7d")], 4),  # §9.8: A-4, the 6 and 7 do not count
    ("Ad 2d 4d", [("4s", "4d")], 0),  # §9.8: A, 2, 4: no napola
    ("Ad 2d 3d", [("3s", "3d")], 3),
    ("Ad 2d 3d 4d 5d 6d 7d Jd Qd", [("Qs", "Qd")], 9),
    ("2d 3d 4d 5d 6d", [("6s", "6d")], 0),  # no ace
])
def test_napola_full_run(table, moves, run):
    out = points(end_of_hand(table, moves, napola="full"))
    assert pair(out, P_NAPOLA) == (0, run)


def test_napola_cap6():
    out = points(end_of_hand("Ad 2d 3d 4d 5d 6d 7d Jd Qd", [("Qs", "Qd")], napola="cap6"))
    assert pair(out, P_NAPOLA) == (0, 6)  # TRIPOD counts up to the 6
    out = points(end_of_hand("Ad 2d 3d 4d", [("4s", "4d")], napola="cap6"))
    assert pair(out, P_NAPOLA) == (0, 4)


def test_napola_off_by_default():
    out = points(end_of_hand("Ad 2d 3d 4d", [("4s", "4d")]))
    assert pair(out, P_NAPOLA) == (0, 0)


ALL_DENARI = "Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd"


def test_example_9_8_carte_denari_and_napola():
    # Cards 20-20 and denari 5-5: no point (C-20).
    state, _ = find_hand(lambda p: len(p[0]) == 20)
    assert pair(points(state), P_CARTE) == (0, 0)
    state = end_of_hand("Ad 2d 3d 4d 5d 6d 7d Jd Qd", [("Kd", "Ad 2d 3d 4d"), ("Qs", "Qd")])
    assert pair(points(state), DENARI) == (5, 5)
    assert pair(points(state), P_DENARI) == (0, 0)
    # A, 2, 3, 4, 6 and 7 of denari without the 5: napola 4.
    state = end_of_hand("Ad 2d 3d 4d 6d 7d", [("7s", "7d")], napola="full")
    assert pair(points(state), P_NAPOLA) == (0, 4)
    # A, 2 and 4: no napola.
    state = end_of_hand("Ad 2d 4d", [("4s", "4d")], napola="full")
    assert pair(points(state), P_NAPOLA) == (0, 0)
    # All ten: napoleone (the match ends: see the next test).
    state = end_of_hand(ALL_DENARI, [("Ks", "Kd")], napola="full")
    assert pair(points(state), NAPOLEONE) == (0, 1)


def test_napoleone_wins_the_match_immediately():
    state = end_of_hand(ALL_DENARI, [("Ks", "Kd")], napola="full", target=31)
    assert state.rules.napoleone_wins
    out = points(state)
    assert pair(out, P_NAPOLA) == (0, 10)
    assert pair(out, NAPOLEONE) == (0, 1)
    state.end_hand()  # the first hand, far from the target
    assert state.phase == TERMINAL
    assert state.match.winner == 1
    assert state.match.reason == 2  # "napoleone" (engine/match.py REASONS)
    assert state.score[1] < state.rules.target


def test_napoleone_without_napoleone_wins_is_ten_points():
    state = end_of_hand(ALL_DENARI, [("Ks", "Kd")], napola="full", napoleone_wins=False,
                        target=31)
    out = points(state)
    assert pair(out, P_NAPOLA) == (0, 10)
    assert pair(out, NAPOLEONE) == (0, 0)
    state.end_hand()
    assert state.phase == DEAL  # play goes on
    assert state.score[1] == out[TOTAL + 1] >= 10


def test_napoleone_with_cap6_still_wins():
    state = end_of_hand(ALL_DENARI, [("Ks", "Kd")], napola="cap6")
    assert pair(points(state), P_NAPOLA) == (0, 6)
    state.end_hand()
    assert state.phase == TERMINAL and state.match.winner == 1


def test_score_hand_changes_nothing():
    state = end_of_hand(*ORDINARY)
    points(state)  # fills the scoring work areas once
    before = snapshot(state)
    points(state)
    assert snapshot(state) == before


# -- conformance: the engine against a reference scorer written from RULES §5 --------------


def reference_points(piles, scope, rules) -> dict:
    values = rules.to_dict()
    primiera_values = values["primiera_values"]
    result = {name: [0, 0] for name in ("carte", "denari", "settebello", "primiera", "scope",
                                         "re_bello", "napola", "napoleone")}
    totals = []
    complete = []
    for team, pile in enumerate(piles):
        if len(pile) > 20:
            result["carte"][team] = 1
        denari = [c for c in pile if card_suit(c) == 0]
        if len(denari) > 5:
            result["denari"][team] = 1
        if 6 in pile:
            result["settebello"][team] = 1
        if values["re_bello"] and 9 in pile:
            result["re_bello"][team] = 1
        result["scope"][team] = scope[team]
        best = [max((primiera_values[c % 10] for c in pile if card_suit(c) == suit), default=None)
                for suit in range(4)]
        complete.append(None not in best)
        totals.append(sum(b for b in best if b is not None))
        if values["napola"] != "off":
            cap = 10 if values["napola"] == "full" else 6
            run = 0
            while run < cap and run in pile:
                run += 1
            result["napola"][team] = run if run >= 3 else 0
            if values["napoleone_wins"] and len(denari) == 10:
                result["napoleone"][team] = 1
    for team in (0, 1):
        other = 1 - team
        if not values["primiera_requires_all_suits"] or (complete[team] and complete[other]):
            wins = totals[team] > totals[other]
        elif complete[team]:
            wins = True  # C-22
        elif complete[other]:
            wins = False
        else:
            wins = (values["primiera_both_incomplete"] == "compare_sums"
                    and totals[team] > totals[other])
        result["primiera"][team] = int(wins)
    return result


FIELDS = {"carte": P_CARTE, "denari": P_DENARI, "settebello": P_SETTEBELLO,
          "primiera": P_PRIMIERA, "scope": P_SCOPE, "re_bello": P_RE_BELLO, "napola": P_NAPOLA,
          "napoleone": NAPOLEONE}


@pytest.mark.parametrize("preset, overrides", [
    ("chitarrella", {}),
    ("chitarrella+veneto", {"napola": "cap6", "primiera_both_incomplete": "compare_sums"}),
    ("dieci", {"primiera_requires_all_suits": False}),
    ("assi+veneto", {}),
    ("assi", {"napoleone_wins": False, "primiera_values": "11,2,3,4,5,6,7,1,1,1"}),
])
def test_scoring_matches_reference(preset, overrides):
    rules = Rules(preset, overrides)
    state = State(rules, 1)
    rng = random.Random(preset)
    for seed in range(40):
        state.new_match(seed, first_dealer=seed % 4)
        random_hand(state, rng)
        piles = reference_piles(state)
        assert sorted(piles[0] + piles[1]) == list(range(40))
        out = points(state)
        assert pair(out, CARDS) == (len(piles[0]), len(piles[1]))
        assert pair(out, DENARI) == tuple(sum(card_suit(c) == 0 for c in p) for p in piles)
        expected = reference_points(piles, list(state.scope), rules)
        for name, offset in FIELDS.items():
            assert list(pair(out, offset)) == expected[name], (name, seed)
        for team in (0, 1):
            total = sum(expected[name][team] for name in FIELDS if name != "napoleone")
            assert out[TOTAL + team] == total
        # RULES §8 invariants.
        assert sum(out[P_CARTE + t] + out[P_DENARI + t] + out[P_SETTEBELLO + t]
                   + out[P_PRIMIERA + t] for t in (0, 1)) <= 4
        assert out[P_SETTEBELLO] + out[P_SETTEBELLO + 1] == 1


def test_end_hand_adds_the_hand_to_the_score():
    state = end_of_hand(*ORDINARY)
    state.score[0] = 3
    state.score[1] = 4
    expected = points(state)
    state.end_hand()
    assert list(state.hand_points) == list(expected)
    assert list(state.score) == [3 + expected[TOTAL], 4 + expected[TOTAL + 1]]
