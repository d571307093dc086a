"""Match bookkeeping (engine/match.py): the target, ties at the target, grades, declaring out.

Each test sets the score before a hand (``state.score`` is public), then finishes a scripted
hand whose points are known, and calls ``end_hand``.

Rules: C-24 to C-26; RULES §5.4, §6, §9.9, §9.10, §10 rows 20, 21, 23, 30-32.
"""

from array import array

import pytest

from conftest import cards, play
from engine import observe
from engine.layout import DEAL, HAND_OVER, PLAY, TERMINAL
from engine.match import DECLARED, FALSE_DECLARATION, NAPOLEONE, TARGET
from engine.rules import Rules
from engine.scoring import (
    P_CARTE,
    P_DENARI,
    P_PRIMIERA,
    P_SCOPE,
    P_SETTEBELLO,
    SIZE,
    TOTAL,
)
from engine.state import State

# Scripted ends of hands: (table, [(card, taken), ...]); the last play is the dealer's
# (seat 3, team 1), so seats 0 and 2 are side A (team 0), seats 1 and 3 side B (team 1).

# A takes everything: settebello, six denari and the only complete primiera. A 3, B 0.
A_SCORES_THREE = ("7d 6d 5d Jd Qd Kd Jc Qb Ks", [("Js", "Jd"), ("2s", "")])
# B takes everything on the final play. A 0, B 3.
B_SCORES_THREE = ("7d 6d 5d Jd Qd Kd Jc Qb Ks", [("Js", "Jd")])
# §9.9's totals by another split (test_example_9_9_as_written has its own): A settebello and
# two scope; B one scopa, eight denari and the primiera. A 3, B 3.
BOTH_SCORE_THREE = ("3c 4c", [
    ("7d", "3c 4c"),  # ply 20, A: scopa
    ("Qb", ""),
    ("Qc", "Qb"),  # A: scopa
    ("Ac", ""),
    ("2b", ""),
    ("3s", "Ac 2b"),  # B: scopa
    ("Kd", ""), ("Qd", ""), ("Jd", ""), ("7s", ""), ("6d", ""), ("5d", ""), ("4d", ""),
    ("3d", ""), ("2d", ""),  # trails, high to low, so nothing can be captured
    ("Ks", "Kd"),  # ply 35, B takes the rest: no scopa on the final play
])


def scripted(script, preset="chitarrella", state=None, plays=None, **overrides) -> State:
    """Set up the script's position (on ``state`` if given, keeping its match) and make its
    first ``plays`` plays (all of them by default)."""
    table, moves = script
    if state is None:
        state = State(Rules(preset, overrides), 1)
    count = len(moves)
    turn = (4 - count) % 4
    hands = [[], [], [], []]
    for i, (card, _) in enumerate(moves):
        hands[(turn + i) % 4] += cards(card)
    state.set_position(hands, cards(table), turn=turn, ply=state.rules.plies - count)
    assert state.dealer == 3
    for card, taken in moves[:count if plays is None else plays]:
        play(state, card, taken)
    return state


def finish(script, score, preset="chitarrella", state=None, **overrides) -> State:
    """Play the script from the score ``score`` (A, B) and end the hand."""
    state = scripted(script, preset, state, **overrides)
    assert state.phase == HAND_OVER
    if score is not None:
        state.score[0], state.score[1] = score
    state.end_hand()
    return state


def returns(state) -> list:
    out = array("h", [0, 0])
    state.returns(out)
    return list(out)


def hand_total(script, preset="chitarrella", **overrides) -> tuple:
    state = scripted(script, preset, **overrides)
    out = array("h", [0] * SIZE)
    state.score_hand(out)
    return (out[TOTAL], out[TOTAL + 1])


def test_scripts_score_as_described():
    assert hand_total(A_SCORES_THREE) == (3, 0)
    assert hand_total(B_SCORES_THREE) == (0, 3)
    state = scripted(BOTH_SCORE_THREE)
    out = array("h", [0] * SIZE)
    state.score_hand(out)
    assert (out[TOTAL], out[TOTAL + 1]) == (3, 3)
    assert (out[P_SETTEBELLO], out[P_SCOPE]) == (1, 2)  # A
    assert (out[P_DENARI + 1], out[P_PRIMIERA + 1], out[P_SCOPE + 1]) == (1, 1, 1)  # B
    assert out[P_CARTE] == out[P_CARTE + 1] == 0


# -- the target (C-24; RULES §6.1-6.2) ---------------------------------------------------------


def test_c24_target_reached_by_one_side_wins():
    state = finish(A_SCORES_THREE, (8, 4))
    assert list(state.score) == [11, 4]
    assert state.phase == TERMINAL and state.is_terminal()
    assert (state.match.winner, state.match.reason, state.match.grade) == (0, TARGET, 1)
    assert returns(state) == [1, -1]


def test_c24_target_passed_by_the_other_side():
    state = finish(B_SCORES_THREE, (10, 9))
    assert list(state.score) == [10, 12]
    assert (state.match.winner, state.match.reason) == (1, TARGET)
    assert returns(state) == [-1, 1]


def test_below_target_play_goes_on():
    state = finish(A_SCORES_THREE, (7, 10))
    assert list(state.score) == [10, 10]
    assert state.phase == DEAL and not state.is_terminal()
    assert state.match.winner == -1
    assert returns(state) == [0, 0]
    assert state.dealer == 0  # passed to the right


def test_returns_zero_while_in_play():
    state = scripted(BOTH_SCORE_THREE, plays=5)
    assert state.phase == PLAY
    assert returns(state) == [0, 0]


def test_example_9_9_both_reach_target_higher_wins():
    state = finish(BOTH_SCORE_THREE, (9, 8))
    assert list(state.score) == [12, 11]
    assert (state.match.winner, state.match.reason) == (0, TARGET)
    state = finish(BOTH_SCORE_THREE, (8, 9))
    assert (state.match.winner, list(state.score)) == (1, [11, 12])


def test_example_9_9_as_written():
    # §9.9 point for point: A 9, B 8; A scores carte, settebello and a scopa, B denari,
    # primiera and a scopa; A 12, B 11, and A wins with the higher total.
    state = State(Rules("chitarrella"), 1)
    hands = ["4b Jc", "2c Qc", "3b Kc", "5c Ks"]  # the last two rounds; seat 3 deals
    state.set_position([cards(hand) for hand in hands], cards("4c"), turn=0, ply=28)
    assert state.dealer == 3
    # Taken earlier: A 19 cards with the settebello and four denari (primiera 7d Ac Ab As,
    # 69); B 12 with six denari and three sevens (primiera 6d 7c 7b 7s, 81).
    for team, pile in enumerate(("7d Jd Qd Kd Ac 3c Ab 2b 5b Jb Qb Kb As 2s 3s 4s 5s Js Qs",
                                 "Ad 2d 3d 4d 5d 6d 7c 7b 7s 6c 6b 6s")):
        for card in cards(pile):
            state.put_in_pile(card, team)
    for card, taken in (("4b", "4c"),  # A: scopa
                        ("2c", ""), ("3b", ""),
                        ("5c", "2c 3b"),  # B: scopa
                        ("Jc", ""), ("Qc", ""), ("Kc", ""),
                        ("Ks", "Kc")):  # the final play, no scopa (C-15); B takes the rest
        play(state, card, taken)
    out = array("h", [0] * SIZE)
    state.score_hand(out)
    assert [out[P_CARTE], out[P_SETTEBELLO], out[P_SCOPE], out[P_DENARI], out[P_PRIMIERA]] \
        == [1, 1, 1, 0, 0]  # A: 21 cards
    assert [out[P_CARTE + 1], out[P_SETTEBELLO + 1], out[P_SCOPE + 1], out[P_DENARI + 1],
            out[P_PRIMIERA + 1]] == [0, 0, 1, 1, 1]  # B: 19 cards
    state.score[0], state.score[1] = 9, 8
    state.end_hand()
    assert list(state.score) == [12, 11]
    assert (state.match.winner, state.match.reason, state.phase) == (0, TARGET, TERMINAL)


def test_example_9_9_equal_totals_play_on_until_a_hand_ends_unequal():
    state = finish(BOTH_SCORE_THREE, (8, 8))
    assert list(state.score) == [11, 11]
    assert state.phase == DEAL and state.match.winner == -1
    assert state.match.overtime
    # Another equal hand: still level, still playing.
    finish(BOTH_SCORE_THREE, None, state=state)
    assert list(state.score) == [14, 14]
    assert state.phase == DEAL and state.match.overtime
    # A hand that ends unequal decides it.
    finish(B_SCORES_THREE, None, state=state)
    assert list(state.score) == [14, 17]
    assert (state.match.winner, state.match.reason) == (1, TARGET)
    assert state.phase == TERMINAL


def test_overtime_decided_by_the_next_unequal_hand():
    state = finish(BOTH_SCORE_THREE, (8, 8))
    finish(A_SCORES_THREE, None, state=state)
    assert state.match.winner == 0 and list(state.score) == [14, 11]


def test_tie_at_target_countback_decides_in_parlett_order():
    # PARLETT (RULES §5.4): carte, denari, settebello, primiera, scope in the order made.
    # From 9-9: denari B 10, settebello A 10, primiera B 11: B wins though the totals tie 12-12.
    state = finish(BOTH_SCORE_THREE, (9, 9), tie_at_target="countback")
    assert list(state.score) == [12, 12]
    assert (state.match.winner, state.phase) == (1, TERMINAL)
    # From 9-8: denari B 9, settebello A 10, primiera B 10, then A's scopa at ply 20: A 11.
    state = finish(BOTH_SCORE_THREE, (9, 8), tie_at_target="countback")
    assert state.match.winner == 0
    # From 10-10: B's denari come first.
    state = finish(BOTH_SCORE_THREE, (10, 10), tie_at_target="countback")
    assert state.match.winner == 1


# B's scopa first (ply 21), A's later (ply 24): A has one scopa; B denari, primiera (A has no
# denari and no spade) and one scopa; 18 cards are in play, too few for carte, and the
# settebello is not among them. A 1, B 3.
B_SWEEPS_FIRST = ("3c 4c", [
    ("2b", ""), ("Qc", "3c 4c 2b"), ("Qb", ""), ("Ac", ""), ("Kc", "Qb Ac"),
    ("Kd", ""), ("Qd", ""), ("Jd", ""), ("7s", ""), ("6d", ""), ("5d", ""), ("4d", ""),
    ("3d", ""), ("2d", ""), ("Ad", ""),  # trails, nothing to capture
    ("Ks", "Kd"),  # ply 35, B takes the rest
])


def test_countback_counts_the_scope_in_the_order_made():
    # From 10-8 both reach 11. Denari and primiera take B to 10; then the scope in play
    # order: B's at ply 21 makes 11 before A's at ply 24 (PARLETT, RULES §5.4).
    state = finish(B_SWEEPS_FIRST, (10, 8), tie_at_target="countback")
    assert list(state.score) == [11, 11]
    assert (state.match.winner, state.phase) == (1, TERMINAL)


def test_countback_counts_only_this_hands_scope():
    # A state that played an earlier position (team 1 swept at ply 1) is set up anew at ply 20;
    # the countback must not count that old scopa. From 9-8 A wins with its scopa at ply 20.
    state = State(Rules("chitarrella", {"tie_at_target": "countback"}), 1)
    state.set_position([cards("2c"), cards("2d"), [], []], [], turn=0, ply=0)
    play(state, "2c")
    play(state, "2d", "2c")
    assert state.play_info(1)[3] is True and list(state.scope) == [0, 1]
    finish(BOTH_SCORE_THREE, (9, 8), state=state)
    assert list(state.score) == [12, 11]
    assert state.match.winner == 0


def test_tie_at_target_countback_only_when_both_reach_it():
    state = finish(BOTH_SCORE_THREE, (9, 4), tie_at_target="countback")
    assert state.match.winner == 0 and list(state.score) == [12, 7]


def test_tie_at_target_continue_regardless():
    # C-24 reading B: reaching the target together is a draw; later hands decide.
    state = finish(BOTH_SCORE_THREE, (9, 8), tie_at_target="continue_regardless")
    assert list(state.score) == [12, 11]
    assert state.phase == DEAL and state.match.overtime and state.match.winner == -1
    finish(B_SCORES_THREE, None, state=state)
    assert (state.match.winner, list(state.score)) == (1, [12, 14])


# -- tre gradi (C-25; RULES §6.3) ---------------------------------------------------------


@pytest.mark.parametrize("loser, grade", [(10, 1), (6, 1), (5, 2), (3, 2), (1, 2), (0, 3)])
def test_example_9_10_tre_gradi(loser, grade):
    # A reaches 11: B above 5 semplice, 1 to 5 doppio, 0 cappotto.
    state = finish(A_SCORES_THREE, (8, loser), "chitarrella+tre_gradi")
    assert state.match.winner == 0 and state.score[0] == 11
    assert state.match.grade == grade
    assert returns(state) == [grade, -grade]


def test_tre_gradi_for_the_other_side():
    state = finish(B_SCORES_THREE, (0, 9), "chitarrella+tre_gradi")
    assert (state.match.winner, state.match.grade) == (1, 3)
    assert returns(state) == [-3, 3]


def test_single_grade_without_tre_gradi():
    state = finish(A_SCORES_THREE, (8, 0))
    assert state.match.grade == 1
    assert returns(state) == [1, -1]


@pytest.mark.parametrize("preset, overrides, winner_before, boundary", [
    ("dieci+tre_gradi", {}, 18, 10),  # target 21, threshold (21 - 1) // 2
    ("chitarrella+tre_gradi", {"target": 16}, 13, 7),
    ("chitarrella+tre_gradi", {"target": 16, "grades_threshold": 4}, 13, 4),
    ("assi+tre_gradi", {}, 28, 15),  # target 31
])
def test_grades_threshold_for_other_targets(preset, overrides, winner_before, boundary):
    for loser, grade in ((boundary + 1, 1), (boundary, 2), (1, 2), (0, 3)):
        state = finish(A_SCORES_THREE, (winner_before, loser), preset, **overrides)
        assert state.score[0] == state.rules.target
        assert (state.match.winner, state.match.grade) == (0, grade), loser


@pytest.mark.parametrize("preset, overrides, target", [
    ("chitarrella", {"target": "16"}, 16),
    ("dieci", {}, 21),
    ("chitarrella", {"target": 21}, 21),
    ("assi", {}, 31),
])
def test_other_targets(preset, overrides, target):
    state = finish(A_SCORES_THREE, (target - 4, 0), preset, **overrides)
    assert state.phase == DEAL and state.score[0] == target - 1
    state = finish(A_SCORES_THREE, (target - 3, 0), preset, **overrides)
    assert (state.phase, state.match.winner, state.score[0]) == (TERMINAL, 0, target)


def test_napoleone_ends_the_match_at_any_score():
    denari = ("Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd", [("Ks", "Kd")])
    state = finish(denari, (30, 0), "assi")  # A is one point from 31
    assert (state.match.winner, state.match.reason) == (1, NAPOLEONE)
    assert state.score[1] < 31


# -- declaring out (C-26; RULES §6.4) -----------------------------------------------------


def declaring(score, preset="chitarrella+tre_gradi", plays=4, **overrides) -> State:
    """BOTH_SCORE_THREE stopped after ``plays`` plays with side A to play; after 4 plays (ply
    24, seat 0) A has its settebello and two scope secured and B nothing."""
    state = scripted(BOTH_SCORE_THREE, preset, plays=plays, declare_out=True, **overrides)
    assert state.turn % 2 == 0 and state.phase == PLAY
    state.score[0], state.score[1] = score
    return state


def test_c26_correct_declaration_wins():
    state = declaring((8, 4))
    assert state.declare() is True
    assert state.phase == TERMINAL
    assert (state.match.winner, state.match.reason) == (0, DECLARED)
    assert state.match.declarer == 0
    assert list(state.score) == [11, 4]  # previous score plus secured points
    assert state.match.grade == 2  # B stopped at 4: doppio
    assert returns(state) == [2, -2]


def test_c26_declaration_stops_the_opponents_passing_five():
    state = declaring((8, 5))
    assert state.declare()
    assert state.match.grade == 2  # B would have scored 3 more this hand


def test_false_declaration_loses():
    state = declaring((7, 4))
    assert state.declare() is False
    assert state.phase == TERMINAL
    assert (state.match.winner, state.match.reason) == (1, FALSE_DECLARATION)
    assert returns(state)[1] > 0 and returns(state)[0] < 0


def test_declaration_counts_secured_scope_of_the_other_side():
    # After ply 25 B has its scopa; at ply 26 side A (seat 2) declares with 3 secured.
    state = declaring((8, 9), plays=6)
    assert state.turn == 2
    assert state.declare()
    assert list(state.score) == [11, 10]
    assert state.match.grade == 1


# Both sides at the target when a side declares: (tie_at_target, score before the hand,
# overtime, plays made, whether the declaration holds). After 6 plays side A (seat 2 to play)
# has 3 points secured and B 1; after 5 plays B (seat 1) is to play with nothing secured and
# A has 3. RULES §6.4 step 3: reaching the target wins, whatever the other side's total and
# whatever tie_at_target says of a hand's end; in overtime only a lead does [derived].
BOTH_AT_TARGET = [
    ("higher_wins_else_continue", (9, 10), False, 6, True),  # 12 to 11
    ("higher_wins_else_continue", (8, 10), False, 6, True),  # 11 to 11: A claimed it first
    ("higher_wins_else_continue", (8, 11), False, 6, True),  # 11 to 12: still A's
    ("countback", (8, 10), False, 6, True),
    ("continue_regardless", (9, 10), False, 6, True),
    ("higher_wins_else_continue", (11, 11), True, 6, True),  # overtime: a lead wins
    ("higher_wins_else_continue", (11, 11), True, 5, False),  # overtime, no lead: false claim
    ("continue_regardless", (12, 11), True, 6, True),  # overtime: 15 to 12
    ("continue_regardless", (11, 13), True, 6, False),  # overtime: 14 to 14 is no lead
]


@pytest.mark.parametrize("tie, score, overtime, plays, held", BOTH_AT_TARGET)
def test_declaring_with_both_sides_at_the_target(tie, score, overtime, plays, held):
    state = scripted(BOTH_SCORE_THREE, plays=plays, declare_out=True, tie_at_target=tie)
    state.score[0], state.score[1] = score
    state.match.overtime = overtime
    team = state.turn & 1
    obs = bytearray(observe.SIZE)
    state.observe(state.turn, obs)
    wants = observe.may_declare_out(obs, state.rules)
    assert state.declare() is held
    assert state.phase == TERMINAL
    assert state.match.winner == (team if held else 1 - team)
    assert state.match.reason == (DECLARED if held else FALSE_DECLARATION)
    assert wants == held  # the bots' test agrees


def test_declaring_needs_declare_out():
    state = scripted(BOTH_SCORE_THREE, plays=4)
    with pytest.raises(ValueError):
        state.declare()


def test_declaring_only_in_play():
    state = scripted(BOTH_SCORE_THREE, declare_out=True)
    assert state.phase == HAND_OVER
    with pytest.raises(ValueError):
        state.declare()
