"""Property tests over thousands of random hands per preset (RULES §8 invariants, STYLE 14).

Each hypothesis example draws one seed; the engine's own ``Rng`` deals from it and a
``random.Random`` seeded from it picks the moves, so every run plays the same hands
(``derandomize=True``). One example plays several hands, and every hand is checked for:

* card conservation at every ply and after the hand (``where`` agrees with the hands, the table
  and the piles; the piles hold 40 cards);
* the legal moves: never empty in play, never more than MAX_MOVES, and equal to the formal
  definition of RULES §4.2 / §7;
* a trailed card never matches a table card's value (C-11);
* scope: each ply's scopa marker agrees with an independent check of C-14/C-15/§7, and the
  scope points equal the markers;
* scoring: carte + denari + settebello + primiera <= 4, each point to at most one side, the
  settebello to exactly one, and every field equal to a recount from the piles (RULES §5);
* undo: random runs of plies undone restore the state byte for byte, and so does undoing
  the whole hand; replaying the undone plies gives back the exact snapshot.
"""

from __future__ import annotations

import random
from array import array

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from conftest import snapshot
from engine import kinds, scoring
from engine.cards import SETTEBELLO, card_name
from engine.layout import DEAL, DEALT, HAND_OVER, NO_TAKER, PILE, PLAY, TABLE, TERMINAL
from engine.moves import ACE_SWEEP, MAX_MOVES, SELF_TAKE, move_flags
from engine.rules import Rules
from engine.state import State

# Presets named in RULES §11, then fixed override combinations (RULES §11 names).
PRESETS = ["chitarrella", "figs", "dieci", "assi", "veneto", "tre_gradi", "dieci+tre_gradi",
           "assi+veneto"]
OVERRIDES = [
    ("chitarrella", {"sum_choice": "fewest_cards"}),
    ("chitarrella", {"forced_capture": "turn", "napola": "cap6"}),
    ("dieci", {"last_play_scopa": "counts", "sum_choice": "fewest_cards"}),
    ("figs", {"redeal_if_table_sum_le": 10, "primiera_requires_all_suits": False,
              "re_bello": True, "napola": "full", "napoleone_wins": False}),
    ("chitarrella", {"last_play_scopa": "counts", "forced_capture": "turn",
                     "primiera_both_incomplete": "compare_sums"}),
    ("assi", {"ace_with_ace_on_table": "sweeps", "ace_sweep_scores_scopa": True,
              "ace_never_scopa": False, "last_play_scopa": "counts"}),
    ("assi", {"ace_on_empty_table": "stays", "ace_may_decline": True,
              "first_lead_ace_banned": "first_round", "sum_choice": "fewest_cards"}),
    ("chitarrella", {"ace_sweep": True, "forced_capture": "turn", "napola": "cap6"}),
    ("chitarrella", {"equal_card_priority": False, "last_play_scopa": "counts"}),
]

# Overrides a random combination may draw from, any base (RULES §11).
GENERAL_OVERRIDES = {
    "sum_choice": ["free", "fewest_cards"],
    "forced_capture": ["card", "turn"],
    "napola": ["off", "full", "cap6"],
    "last_play_scopa": ["never", "counts", "counts_10card_only"],
    "re_bello": [False, True],
    "primiera_requires_all_suits": [True, False],
    "tie_at_target": ["higher_wins_else_continue", "countback", "continue_regardless"],
    "dealer_rotation": ["right", "fixed"],
    "target": [1, 11, 16],
}
ACE_OVERRIDES = {  # only with ace_sweep (the assi base)
    "ace_with_ace_on_table": ["takes_ace", "sweeps"],
    "ace_on_empty_table": ["takes_itself", "stays"],
    "ace_may_decline": [False, True],
    "first_lead_ace_banned": ["first_play", "first_round", "never"],
}

HANDS_PER_EXAMPLE = 10
PRESET_EXAMPLES = 200  # 2,000 hands per preset
OVERRIDE_EXAMPLES = 70  # 700 more hands per override combination
COMBINATION_EXAMPLES = 100  # 400 hands over random rule combinations
UNDO_CHANCE = 0.1  # chance per ply of an undo excursion

def value_of(card: int) -> int:
    return card % 10 + 1


def _sums(cards: list, target: int) -> list:
    """Every set of two or more of ``cards`` (values below target) adding up to ``target``."""
    found = []

    def walk(index: int, chosen: list, total: int) -> None:
        for i in range(index, len(cards)):
            part = value_of(cards[i])
            if total + part == target and chosen:
                found.append(frozenset(chosen + [cards[i]]))
            elif total + part < target:
                walk(i + 1, chosen + [cards[i]], total + part)

    walk(0, [], 0)
    return found


def reference_moves(hand: list, table: list, ply: int, values: dict) -> set:
    """RULES §4.2's ``legal_moves`` and §7's ``ace_moves``, written from the text.

    A move is (card, frozenset of taken cards, self-take flag).
    """
    ban = {"never": 0, "first_play": 1, "first_round": 4}[values["first_lead_ace_banned"]]
    moves = set()
    for card in hand:
        value = value_of(card)
        if value == 1 and ply < ban:
            continue  # first_lead_ace_banned (RULES §10 row 28)
        if value == 1 and values["ace_sweep"]:
            aces = [t for t in table if value_of(t) == 1]
            if not table:
                if values["ace_on_empty_table"] == "stays":
                    moves.add((card, frozenset(), False))
                else:
                    moves.add((card, frozenset(), True))
                    if values["ace_may_decline"]:
                        moves.add((card, frozenset(), False))
            elif aces and values["ace_with_ace_on_table"] == "takes_ace":
                moves.update((card, frozenset([a]), False) for a in aces)
            else:
                moves.add((card, frozenset(table), False))
                if values["ace_may_decline"]:
                    if aces:
                        moves.update((card, frozenset([a]), False) for a in aces)
                    else:
                        moves.add((card, frozenset(), False))
            continue
        equal = [frozenset([t]) for t in table if value_of(t) == value]
        if equal and values["equal_card_priority"]:
            captures = equal  # C-11: an equal card beats a sum
        else:
            captures = _sums(sorted(t for t in table if value_of(t) < value), value)
            if values["sum_choice"] == "fewest_cards" and captures:
                fewest = min(len(s) for s in captures)
                captures = [s for s in captures if len(s) == fewest]
            captures = equal + captures  # equal_card_priority=false: either kind
        if captures:
            moves.update((card, s, False) for s in captures)
        else:
            moves.add((card, frozenset(), False))
    if values["forced_capture"] == "turn" and any(m[1] or m[2] for m in moves):
        moves = {m for m in moves if m[1] or m[2]}
    return moves


def engine_moves(state: State, buffer, count: int) -> set:
    return {(buffer[i] & 63, frozenset(state.taken_cards(buffer[i])),
             bool(move_flags(buffer[i]) & SELF_TAKE)) for i in range(count)}


def check_conservation(state: State) -> None:
    """Each card sits in exactly one place, and the buffers agree with ``where``."""
    places = [[] for _ in range(8)]
    for card, place in enumerate(state.where):
        places[place].append(card)
    for seat in range(4):
        assert sorted(state.hand_cards(seat)) == places[seat], f"seat {seat}'s hand"
        assert len(places[seat]) == state.hand_count[seat]
    assert sorted(state.table_cards()) == places[TABLE], "table"
    assert len(places[TABLE]) == state.table_count
    placed = sum(len(places[p]) for p in (0, 1, 2, 3, TABLE, PILE, PILE + 1))
    assert placed == 40, f"{placed} cards accounted for, not 40"


def expected_scopa(values: dict, move: int, table_before: list, taken: list, final: bool,
                   ten: bool) -> bool:
    """C-14, C-15 and RULES §7 / §10 rows 25, 28a, from the move and the table it met."""
    if not taken or sorted(taken) != sorted(table_before):
        return False  # a trail, a self-take, or a capture that leaves cards on the table
    last = values["last_play_scopa"]
    if final and not (last == "counts" or (last == "counts_10card_only" and ten)):
        return False  # C-15
    if value_of(move & 63) == 1:
        if values["ace_never_scopa"]:
            return False
        if move & ACE_SWEEP and not values["ace_sweep_scores_scopa"]:
            return False
    return True


def recount(state: State, values: dict) -> dict:
    """RULES §5 recomputed from ``where``: fields as in engine/scoring.py, per team."""
    primiera_values = values["primiera_values"]
    piles = [[c for c in range(40) if state.where[c] == PILE + team] for team in range(2)]
    cards = [len(p) for p in piles]
    denari = [sum(1 for c in p if c < 10) for p in piles]
    best = [[max([primiera_values[c % 10] for c in p if c // 10 == suit] or [0])
             for suit in range(4)] for p in piles]
    totals = [sum(b) for b in best]
    complete = [all(b) for b in best]
    result = {"carte": [int(n > 20) for n in cards], "denari": [int(n > 5) for n in denari],
              "settebello": [int(SETTEBELLO in p) for p in piles]}
    primiera = [0, 0]
    for team in range(2):
        other = 1 - team
        if values["primiera_requires_all_suits"]:
            if complete[team] and (not complete[other] or totals[team] > totals[other]):
                primiera[team] = 1
            elif not complete[team] and not complete[other] \
                    and values["primiera_both_incomplete"] == "compare_sums" \
                    and totals[team] > totals[other]:
                primiera[team] = 1
        elif totals[team] > totals[other]:
            primiera[team] = 1
    result["primiera"] = primiera
    result["re_bello"] = [int(values["re_bello"] and 9 in p) for p in piles]
    cap = {"off": 0, "full": 10, "cap6": 6}[values["napola"]]
    napola = [0, 0]
    for team in range(2):
        run = 0
        while run < cap and run in piles[team]:
            run += 1
        napola[team] = run if run >= 3 else 0
    result["napola"] = napola
    result["cards"] = cards
    result["denari_count"] = denari
    all_suits = values["primiera_requires_all_suits"]
    result["primiera_total"] = [totals[t] if complete[t] or not all_suits
                                else scoring.INCOMPLETE for t in range(2)]
    return result


def check_hand_end(state: State, values: dict, scope: list, score_before: list) -> None:
    points = state.hand_points
    pair = lambda offset: [points[offset], points[offset + 1]]  # noqa: E731
    assert sum(pair(scoring.CARDS)) == 40, "the piles must hold 40 cards"
    for name, offset in (("carte", scoring.P_CARTE), ("denari", scoring.P_DENARI),
                         ("settebello", scoring.P_SETTEBELLO), ("primiera", scoring.P_PRIMIERA)):
        assert pair(offset) in ([0, 0], [1, 0], [0, 1]), f"{name} points {pair(offset)}"
    four = sum(points[o + t] for o in (scoring.P_CARTE, scoring.P_DENARI,
                                       scoring.P_SETTEBELLO, scoring.P_PRIMIERA)
               for t in range(2))
    assert four <= 4
    assert sum(pair(scoring.P_SETTEBELLO)) == 1, "exactly one side scores the settebello"
    assert pair(scoring.P_SCOPE) == scope, "scope points must equal the per-ply scopa markers"
    expected = recount(state, values)
    assert pair(scoring.CARDS) == expected["cards"]
    assert pair(scoring.DENARI) == expected["denari_count"]
    assert pair(scoring.PRIMIERA) == expected["primiera_total"]
    for name, offset in scoring.POINT_KINDS:
        if name != "scope":
            assert pair(offset) == expected[name], f"{name}: {pair(offset)} != {expected[name]}"
    total = [sum(points[o + t] for _, o in scoring.POINT_KINDS) for t in range(2)]
    assert pair(scoring.TOTAL) == total
    assert list(state.score) == [score_before[t] + total[t] for t in range(2)]


def play_hands(preset: str, overrides: dict, seed: int, hands: int,
               check_reference: bool = True) -> int:
    """Play ``hands`` random hands from ``seed``, checking every invariant; return the count."""
    rules = Rules(preset, overrides)
    values = rules.values
    ten = values["deal_shape"] == "10+0"
    plies = 40 if ten else 36
    state = State(rules, seed)
    chooser = random.Random(seed)
    buffer = array("i", [0] * (4 * MAX_MOVES))  # room to see a count past MAX_MOVES
    played = 0
    while played < hands:
        if state.phase == TERMINAL:
            state.new_match((seed + played) % (1 << 30))
        assert state.phase == DEAL
        redeals = 0
        while state.deal() != DEALT:
            redeals += 1
            assert redeals < 100
        initial_table = set(state.table_cards())
        after_deal = snapshot(state)
        check_conservation(state)
        scope = [0, 0]
        moves_made = []
        while state.phase == PLAY:
            ply = state.ply
            count = state.legal_moves(buffer)
            assert 1 <= count <= MAX_MOVES, f"{count} legal moves at ply {ply}"
            if check_reference:
                expected = reference_moves(state.hand_cards(state.turn), state.table_cards(),
                                           ply, values)
                assert engine_moves(state, buffer, count) == expected, repr(state)
            move = buffer[chooser.randrange(count)]
            if chooser.random() < UNDO_CHANCE:
                check_undo_excursion(state, move, chooser, buffer)
            table_before = state.table_cards()
            taken = state.taken_cards(move)
            card = move & 63
            if not taken and not move & SELF_TAKE:
                # C-11: a card with an equal card on the table must capture.
                clash = [card_name(t) for t in table_before if value_of(t) == value_of(card)]
                assert not clash, f"{card_name(card)} trailed onto {clash}"
            seat = state.turn
            state.apply(move)
            moves_made.append(move)
            scopa = expected_scopa(values, move, table_before, taken, ply + 1 == plies, ten)
            assert state.play_info(ply)[3] == scopa, f"scopa flag at ply {ply}: {repr(state)}"
            scope[seat & 1] += scopa
            assert list(state.scope) == scope
            if not values["ace_sweep"]:
                # RULES §8: equal values share the table only among the dealt cards.
                on_table = [value_of(c) for c in state.table_cards()]
                for c in state.table_cards():
                    if c not in initial_table:
                        assert on_table.count(value_of(c)) == 1, f"a pair on {repr(state)}"
            check_conservation(state)
        assert state.phase == HAND_OVER and state.ply == plies
        assert all(state.where[c] in (PILE, PILE + 1) for c in range(40))
        assert state.last_taker != NO_TAKER
        # Undo the whole hand, then replay it.
        before_undo = snapshot(state)
        for _ in range(plies):
            state.undo()
        assert snapshot(state) == after_deal, "undoing the whole hand"
        for move in moves_made:
            state.apply(move)
        assert snapshot(state) == before_undo, "replaying the undone hand"
        markers = [0, 0]
        for ply in range(plies):
            seat, _, _, scopa, _ = state.play_info(ply)
            markers[seat & 1] += scopa
        assert markers == scope, "play_info's scopa markers"
        score_before = list(state.score)
        state.end_hand()
        check_hand_end(state, values, scope, score_before)
        played += 1
    return played


def check_undo_excursion(state: State, first: int, chooser: random.Random, buffer) -> None:
    """Play ``first`` and up to three more random plies, undo them all, then replay them."""
    before = snapshot(state)
    made = [first]
    state.apply(first)
    for _ in range(chooser.randrange(4)):
        if state.phase != PLAY:
            break
        count = state.legal_moves(buffer)
        made.append(buffer[chooser.randrange(count)])
        state.apply(made[-1])
    after = snapshot(state)
    for _ in made:
        state.undo()
    assert snapshot(state) == before, f"undo of {len(made)} plies at ply {state.ply}"
    for move in made:
        state.apply(move)
    assert snapshot(state) == after, "replaying undone plies must give the same state"
    for _ in made:
        state.undo()
    assert snapshot(state) == before


def _settings(examples: int, shrink: bool = False):
    # A smaller seed is no simpler a deal, so seeds are not shrunk; rule combinations are.
    phases = (Phase.explicit, Phase.generate) + ((Phase.shrink,) if shrink else ())
    return settings(derandomize=True, max_examples=examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow], phases=phases)


def _ids(configs):
    return [p + "".join(f"-{k}={v}" for k, v in o.items()) for p, o in configs]


@pytest.mark.parametrize("preset", PRESETS)
@_settings(PRESET_EXAMPLES)
@given(seed=st.integers(0, (1 << 30) - 1))
def test_rules_8_invariants_hold_over_random_hands(preset, seed):
    # The reference move check is the slowest part: run it on one example in four.
    assert play_hands(preset, {}, seed, HANDS_PER_EXAMPLE,
                      check_reference=seed % 4 == 0) == HANDS_PER_EXAMPLE


@pytest.mark.parametrize("preset, overrides", OVERRIDES, ids=_ids(OVERRIDES))
@_settings(OVERRIDE_EXAMPLES)
@given(seed=st.integers(0, (1 << 30) - 1))
def test_rules_8_invariants_hold_with_rule_overrides(preset, overrides, seed):
    assert play_hands(preset, overrides, seed, HANDS_PER_EXAMPLE,
                      check_reference=seed % 2 == 0) == HANDS_PER_EXAMPLE


@st.composite
def rule_combinations(draw):
    preset = draw(st.sampled_from(PRESETS))
    pool = dict(GENERAL_OVERRIDES)
    if preset.startswith("assi"):
        pool.update(ACE_OVERRIDES)
    if not preset.startswith(("dieci", "assi")):
        pool["redeal_if_table_sum_le"] = ["off", 10]
    names = draw(st.lists(st.sampled_from(sorted(pool)), max_size=4, unique=True))
    overrides = {name: draw(st.sampled_from(pool[name])) for name in names}
    if overrides.get("napola", "off") == "off" and "assi" in preset and "napola" in overrides:
        overrides["napoleone_wins"] = False
    return preset, overrides, draw(st.integers(0, (1 << 30) - 1))


@_settings(COMBINATION_EXAMPLES, shrink=True)
@given(rule_combinations())
def test_rules_8_invariants_hold_for_random_rule_combinations(combination):
    preset, overrides, seed = combination
    assert play_hands(preset, overrides, seed, 4, check_reference=seed % 2 == 0) == 4


def test_snapshot_sees_a_changed_card():
    # The undo checks compare snapshots; make sure they notice a moved card.
    state = State(Rules("chitarrella"), 3)
    while state.deal() != DEALT:
        pass
    before = snapshot(state)
    buffer = [0] * MAX_MOVES
    state.legal_moves(buffer)
    state.apply(buffer[0])
    assert snapshot(state) != before
    # and each buffer on its own, whichever kind it is (engine/kinds.py): the hands too
    for name in ("hands", "where", "ply_log"):
        taken = snapshot(state)
        buffer = getattr(state, name)
        buffer = buffer[0] if name == "hands" else buffer
        buffer[0], buffer[1] = buffer[1], buffer[0] + 1
        assert snapshot(state) != taken, name


def test_invariants_hold_with_the_boards_bytearrays(monkeypatch):
    # On CPython the state's buffers are lists (engine/kinds.py), which take any int; a
    # board's bytearrays take 0..255 only. Playing here with bytearrays, a value a board
    # could not hold fails on CPython too.
    monkeypatch.setattr(kinds, "_LISTS", False)
    assert type(State(Rules("chitarrella")).where) is bytearray
    for preset, overrides in [(preset, {}) for preset in PRESETS] + OVERRIDES:
        assert play_hands(preset, overrides, 77, 3, check_reference=False) == 3
