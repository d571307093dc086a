"""The position of a match (engine/state.py): deal, redeal, turns, scopa, end of hand, undo.

Rules: C-6, C-8, C-9, C-12 to C-15; RULES §2.6, §3, §4.1, §4.3, §4.5, §8, §9.5, §9.6, §9.12.
"""

import random
from array import array

import pytest

from conftest import cards, legal, legal_for, names, play, position, snapshot
from engine.cards import card_name, card_value
from engine.layout import (
    CHANCE,
    DEAL,
    DEALT,
    HAND_OVER,
    NO_SEAT,
    PLAY,
    REDEAL_KINGS,
    REDEAL_SUM,
    TERMINAL,
    IllegalMove,
)
from engine.rules import Rules
from engine.scoring import CARDS, SIZE
from engine.state import State

BIG = 8192  # move buffer; see test_capture.py for the worst case


# -- helpers ------------------------------------------------------------------------------


def full_deal(table: str, first_hand: str = "", hand_size: int = 9):
    """Four hands and a table holding all 40 cards: ``table`` as given, seat 0's hand starting
    with ``first_hand``, everything else dealt in card order."""
    table_cards = cards(table)
    first = cards(first_hand)
    rest = [c for c in range(40) if c not in table_cards and c not in first]
    hands = [first + rest[:hand_size - len(first)]]
    rest = rest[hand_size - len(first):]
    for _ in range(3):
        hands.append(rest[:hand_size])
        rest = rest[hand_size:]
    return hands, table_cards


def dealt_state(preset="chitarrella", seed=1, dealer=3, **overrides) -> State:
    """A state after a successful seeded deal (redeals repeated, as C-9 says)."""
    state = State(Rules(preset, overrides), seed)
    state.new_match(seed, first_dealer=dealer)
    while state.deal() != DEALT:
        pass
    return state


def play_random_match(state: State, rng: random.Random) -> None:
    """Deal, play random legal moves and end hands until the match is decided."""
    moves = array("i", [0] * BIG)
    while state.phase != TERMINAL:
        if state.phase == DEAL:
            state.deal()
        elif state.phase == HAND_OVER:
            state.end_hand()
        else:
            state.apply(moves[rng.randrange(state.legal_moves(moves))])


def play_random_hand(state: State, rng: random.Random) -> None:
    buffer = array("i", [0] * BIG)
    while state.phase == DEAL:
        state.deal()
    while state.phase == PLAY:
        count = state.legal_moves(buffer)
        state.apply(buffer[rng.randrange(count)])


def expected_deal(deck, dealer, packets):
    """Hands and table from the deck order, dealing packets counter-clockwise from the dealer's
    right (FIGS Art. 4; C-6)."""
    hands = [[], [], [], []]
    table = []
    position_in_deck = 0
    for packet in packets:
        if isinstance(packet, str):  # "T2": to the table
            count = int(packet[1:])
            table += deck[position_in_deck:position_in_deck + count]
            position_in_deck += count
        else:
            for i in range(4):
                seat = (dealer + 1 + i) % 4
                hands[seat] += deck[position_in_deck:position_in_deck + packet]
                position_in_deck += packet
    assert position_in_deck == 40
    return hands, table


# -- the deal -----------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_nine_plus_four_deal_from_the_dealers_right(dealer):
    for seed in (1, 2, 3, 99):
        state = State(Rules("chitarrella"), seed)
        state.new_match(seed, first_dealer=dealer)
        state.deal()  # whatever the redeal verdict, the cards lie as dealt
        deck = list(state.deck)
        assert sorted(deck) == list(range(40))
        hands, table = expected_deal(deck, dealer, (3, "T2", 3, "T2", 3))
        # The first three cards go to the dealer's right (primo di mano), and so on.
        assert state.hand_cards((dealer + 1) % 4)[:3] == deck[:3]
        assert state.hand_cards((dealer + 2) % 4)[:3] == deck[3:6]
        assert state.hand_cards(dealer)[:3] == deck[9:12]
        assert state.table_cards()[:2] == deck[12:14]
        for seat in range(4):
            assert state.hand_cards(seat) == hands[seat]
            assert len(state.hand_cards(seat)) == 9
        assert state.table_cards() == table and len(table) == 4


def test_deal_leader_is_the_dealers_right():
    for dealer in range(4):
        state = dealt_state(dealer=dealer)
        assert state.dealer == dealer
        assert state.turn == (dealer + 1) % 4
        assert state.current_seat() == (dealer + 1) % 4
        assert state.phase == PLAY and state.ply == 0 and state.hand_number == 1


def test_ten_card_deal_five_and_five():
    for dealer in range(4):
        state = dealt_state("dieci", seed=7 + dealer, dealer=dealer)
        deck = list(state.deck)
        hands, table = expected_deal(deck, dealer, (5, 5))
        assert table == [] and state.table_cards() == []
        for seat in range(4):
            assert state.hand_cards(seat) == hands[seat]
            assert len(hands[seat]) == 10
        assert state.turn == (dealer + 1) % 4


def test_custom_packets_table_first():
    state = State(Rules("chitarrella", {"deal_packets": "T4,3,3,3",
                                        "redeal_kings_min": "off"}), 5)
    state.new_match(5, first_dealer=0)
    assert state.deal() == DEALT
    deck = list(state.deck)
    assert state.table_cards() == deck[:4]
    assert state.hand_cards(1) == deck[4:7] + deck[16:19] + deck[28:31]


def test_every_card_dealt_once():
    for preset in ("chitarrella", "dieci", "assi"):
        for seed in range(20):
            state = dealt_state(preset, seed=seed, dealer=seed % 4)
            everything = state.table_cards()
            for seat in range(4):
                everything += state.hand_cards(seat)
            assert sorted(everything) == list(range(40))


def test_shuffle_is_uniform_enough():
    # Where the settebello lands in the deck over many seeded deals: 40 positions, chi-square
    # with 39 degrees of freedom, critical value 72.05 at p = 0.001.
    state = State(Rules("chitarrella", {"redeal_kings_min": "off"}), 1)
    counts = [0] * 40
    deals = 4000
    for seed in range(deals):
        state.new_match(seed, first_dealer=0)
        state.deal()
        counts[list(state.deck).index(6)] += 1
    expected = deals / 40
    assert sum((c - expected) ** 2 / expected for c in counts) < 72.05


def test_first_dealer_by_lot_is_uniform_enough():
    state = State(Rules("chitarrella"), 1)
    counts = [0] * 4
    for seed in range(800):
        state.new_match(seed)
        assert 0 <= state.dealer <= 3
        counts[state.dealer] += 1
    assert sum((c - 200) ** 2 / 200 for c in counts) < 16.27  # 3 d.f., p = 0.001


def test_same_seed_same_deal():
    one = dealt_state(seed=4242, dealer=2)
    two = dealt_state(seed=4242, dealer=2)
    assert [one.hand_cards(s) for s in range(4)] == [two.hand_cards(s) for s in range(4)]
    assert one.table_cards() == two.table_cards()
    other = dealt_state(seed=4243, dealer=2)
    assert one.table_cards() + one.hand_cards(0) != other.table_cards() + other.hand_cards(0)


def test_set_deal_refuses_bad_deals():
    state = State(Rules("chitarrella"), 1)
    hands, table = full_deal("Ad 2d 3d 4d")
    with pytest.raises(ValueError):
        state.set_deal(hands[:3], table)
    with pytest.raises(ValueError):
        state.set_deal([hands[0][:8]] + hands[1:], table + hands[0][8:])
    with pytest.raises(ValueError):
        state.set_deal([hands[0][:8] + [hands[1][0]]] + hands[1:], table)
    assert state.phase == DEAL


def test_deal_only_when_due():
    state = dealt_state()
    with pytest.raises(ValueError):
        state.deal()
    hands, table = full_deal("Ad 2d 3d 4d")
    with pytest.raises(ValueError):
        state.set_deal(hands, table)


def test_set_position_refuses_bad_positions():
    state = State(Rules("chitarrella"), 1)
    with pytest.raises(ValueError):
        state.set_position([cards("7d"), cards("7d"), [], []], [])
    with pytest.raises(ValueError):
        state.set_position([cards("7d"), [], [], []], cards("7d"))
    with pytest.raises(ValueError):
        state.set_position([[], [], [], []], [], ply=36)
    with pytest.raises(ValueError):
        state.set_position([list(range(11)), [], [], []], [])
    for bad in ([1.0], [True], ["7d"], [40], [-1]):
        with pytest.raises(ValueError, match="is no card"):
            state.set_position([bad, [], [], []], [])
    for turn, dealer in ((4, None), (-1, None), (0, 9), (0, True)):
        with pytest.raises(ValueError, match="must be a seat"):
            state.set_position([cards("7d"), [], [], []], [], turn=turn, dealer=dealer)


def test_a_play_the_buffers_cannot_hold_is_refused_before_it_changes_anything():
    # set_position takes tables no hand reaches (puzzles, scripted tests): a trail onto a
    # full table, or a position with more legal moves than MAX_MOVES, is an IllegalMove that
    # leaves the state as it was, not an error half-way through the play.
    state = State(Rules("chitarrella"), 1)
    state.set_position([cards("Ad"), cards("Ac"), cards("Ab"), cards("As")],
                       cards("2d 3d 4d 5d 6d 7d 2c 3c 4c 5c 6c 7c 2b 3b 4b 5b"))
    before = snapshot(state)
    with pytest.raises(IllegalMove, match="Ad cannot be trailed: the table's 16 places"):
        state.play(cards("Ad")[0])
    assert snapshot(state) == before
    state.set_position([cards("Kd Kc Kb Ks Qd Qc Qb"), [], [], []],
                       cards("Ad Ac 2d 2c 3d 3c 4d 4c 5d"), ply=20)
    before = snapshot(state)
    with pytest.raises(IllegalMove, match="251 legal moves, more than the 192"):
        state.play(cards("Kd")[0])
    assert snapshot(state) == before
    state = State(Rules("chitarrella", {"equal_card_priority": False}), 1)
    state.set_position([cards("Kd Kc Kb Ks Qd Qc Qb Qs Jd Jc"), [], [], []],
                       cards("Ad Ac Ab As 2d 2c 2b 2s 3d 3c 3b 3s 4d 4c 4b"))
    before = snapshot(state)  # more moves than even the check's own buffer holds
    with pytest.raises(IllegalMove, match="over 260 legal moves, more than the 192"):
        state.play(cards("Kd")[0] | 3 << 6)
    assert snapshot(state) == before


def test_a_refused_position_leaves_the_state_as_it_was():
    state = dealt_state()
    before = snapshot(state)
    for hands, table in (([cards("7d"), cards("7d"), [], []], []), ([[1.0], [], [], []], [])):
        with pytest.raises(ValueError):
            state.set_position(hands, table)
        assert snapshot(state) == before


def test_undo_with_no_play_to_take_back_is_refused_and_changes_nothing():
    state = dealt_state()
    before = snapshot(state)
    with pytest.raises(ValueError, match="no play of this hand to undo"):
        state.undo()  # just dealt
    assert snapshot(state) == before
    state.set_position([cards("7d 2c"), cards("3s"), [], []], cards("4b"), turn=0, ply=3)
    play(state, "2c")
    state.undo()  # the play made after the set-up comes back
    before = snapshot(state)
    with pytest.raises(ValueError, match="no play"):
        state.undo()  # the plays before the set-up are not known
    assert snapshot(state) == before


# -- redeals (C-9; RULES §3.3) ---------------------------------------------------------------


def set_deal_result(table: str, preset="chitarrella", **overrides):
    state = State(Rules(preset, overrides), 1)
    state.new_match(1, first_dealer=2)
    hands, table_cards = full_deal(table)
    return state, state.set_deal(hands, table_cards)


def test_example_9_12_three_kings_redeal_by_the_same_dealer():
    state, result = set_deal_result("Kd Kc Kb 5d")
    assert result == REDEAL_KINGS
    assert state.phase == DEAL and state.current_seat() == CHANCE
    assert state.dealer == 2 and state.hand_number == 0
    # The same dealer deals again.
    while state.deal() != DEALT:
        assert state.dealer == 2
    assert state.dealer == 2 and state.turn == 3 and state.hand_number == 1


def test_example_9_12_table_sum_ten_redeal():
    state, result = set_deal_result("Ac 2b 3s 4c", redeal_if_table_sum_le=10)
    assert result == REDEAL_SUM
    assert state.phase == DEAL and state.dealer == 2
    # Without the option the first player's Re takes all four: 1 + 2 + 3 + 4, a scopa.
    state = State(Rules("chitarrella"), 1)
    state.new_match(1, first_dealer=3)
    hands, table = full_deal("Ac 2b 3s 4c", first_hand="Kd")
    assert state.set_deal(hands, table) == DEALT
    assert legal_for(state, "Kd") == {frozenset({"Ac", "2b", "3s", "4c"})}
    play(state, "Kd", "Ac 2b 3s 4c")
    assert list(state.scope) == [1, 0]


def test_four_kings_redeal():
    assert set_deal_result("Kd Kc Kb Ks")[1] == REDEAL_KINGS


def test_two_kings_no_redeal():
    assert set_deal_result("Kd Kc 5b 5s")[1] == DEALT


def test_redeal_kings_min_four():
    assert set_deal_result("Kd Kc Kb 5d", redeal_kings_min=4)[1] == DEALT
    assert set_deal_result("Kd Kc Kb Ks", redeal_kings_min=4)[1] == REDEAL_KINGS


def test_redeal_kings_off():
    assert set_deal_result("Kd Kc Kb Ks", redeal_kings_min="off")[1] == DEALT


def test_redeal_table_sum_threshold_is_inclusive():
    assert set_deal_result("Ac 2b 3s 4c", redeal_if_table_sum_le=10)[1] == REDEAL_SUM
    assert set_deal_result("Ac 2b 3s 5c", redeal_if_table_sum_le=10)[1] == DEALT
    assert set_deal_result("Ac 2b 3s 4c")[1] == DEALT  # off by default (§10 row 5)


def test_kings_redeal_checked_before_sum():
    # Kd Kc Kb Ad (31) breaks both rules; the kings rule is the reason given (37 is the
    # highest limit the kings rule allows, tests/test_rules.py).
    assert set_deal_result("Kd Kc Kb Ad", redeal_if_table_sum_le=37)[1] == REDEAL_KINGS


def test_seeded_deal_redeals_on_three_kings():
    state = State(Rules("chitarrella"), 1)
    for seed in range(20000):
        state.new_match(seed, first_dealer=1)
        if state.deal() == REDEAL_KINGS:
            break
    else:
        pytest.fail("no kings redeal in 20000 seeded deals")
    kings = [c for c in state.table_cards() if card_value(c) == 10]
    assert len(kings) >= 3
    assert state.phase == DEAL and state.dealer == 1 and state.hand_number == 0
    first_table = state.table_cards()
    result = state.deal()
    assert state.dealer == 1
    assert result != DEALT or state.table_cards() != first_table


def test_ten_card_deal_never_redeals():
    state = State(Rules("dieci"), 1)
    for seed in range(300):
        state.new_match(seed, first_dealer=0)
        assert state.deal() == DEALT


# -- dealer rotation (RULES §2.6) -----------------------------------------------------------


def test_dealer_passes_to_the_right():
    rng = random.Random(3)
    state = State(Rules("chitarrella", {"target": 200}), 11)
    state.new_match(11, first_dealer=2)
    for hand in range(5):
        dealer = (2 + hand) % 4
        while state.deal() != DEALT:
            assert state.dealer == dealer  # a redeal keeps the dealer
        assert state.dealer == dealer
        assert state.turn == (dealer + 1) % 4
        primo = state.turn
        play_random_hand(state, rng)
        assert state.phase == HAND_OVER and state.current_seat() == NO_SEAT
        state.end_hand()
        assert state.phase == DEAL
        # [derived] the previous primo di mano becomes the new dealer.
        assert state.dealer == primo


def test_dealer_rotation_fixed():
    rng = random.Random(4)
    state = State(Rules("chitarrella", {"target": 200, "dealer_rotation": "fixed"}), 12)
    state.new_match(12, first_dealer=1)
    for _ in range(3):
        play_random_hand(state, rng)
        state.end_hand()
        assert state.dealer == 1
        assert state.phase == DEAL


def test_end_hand_only_when_the_hand_is_over():
    state = dealt_state()
    with pytest.raises(ValueError):
        state.end_hand()


# -- play, scopa and its marker (C-14, C-15) ---------------------------------------------------


def test_turn_passes_counter_clockwise():
    state = position(("5d", "6d", "7c", "Kb"), "Qs", turn=1, ply=4)
    assert state.dealer == 0  # turn 1 at ply 4: the dealer's right led
    seats = []
    for card in ("6d", "7c", "Kb", "5d"):
        seats.append(state.current_seat())
        play(state, card)
    assert seats == [1, 2, 3, 0]
    assert state.ply == 8


def test_c14_scopa_scored_and_marked():
    state = position(("7s 2c", "3d", "", ""), "2b 5c", ply=8)
    play(state, "7s", "2b 5c")
    assert state.table_cards() == []
    assert list(state.scope) == [1, 0]
    seat, card, taken, scopa, self_take = state.play_info(8)
    assert (seat, card_name(card), names(taken), scopa, self_take) == (
        0, "7s", "2b 5c", True, False)
    # The next play, a trail onto the empty table, scores nothing.
    play(state, "3d")
    assert state.play_info(9)[3] is False
    assert list(state.scope) == [1, 0]


def test_scopa_counts_per_team():
    state = position(("2c", "2d", "3c", "3d"), "", ply=12)
    play(state, "2c")  # trail onto the empty table
    play(state, "2d", "2c")  # team 1 sweeps
    play(state, "3c")
    play(state, "3d", "3c")  # team 1 again
    assert list(state.scope) == [0, 2]
    assert [state.play_info(p)[3] for p in range(12, 16)] == [False, True, False, True]


def test_example_9_5_ten_card_opening():
    state = position(("6b 2c", "6c 3d", "Kd", "Ks"), "", preset="dieci")
    assert legal(state) == {("6b", frozenset()), ("2c", frozenset())}  # a forced trail
    play(state, "6b")
    assert legal_for(state, "6c") == {frozenset({"6b"})}
    play(state, "6c", "6b")
    assert state.table_cards() == []
    assert list(state.scope) == [0, 1]  # secondo's side


def test_example_9_6_last_play_sweep_is_no_scopa():
    state = position(("", "", "", "Kc"), "3d 7b", turn=3, ply=35)
    assert state.dealer == 3
    play(state, "Kc", "3d 7b")
    assert state.table_cards() == []
    assert list(state.scope) == [0, 0]  # C-15
    assert state.play_info(35)[3] is False
    assert state.phase == HAND_OVER


def test_example_9_6_last_card_trailed_goes_to_the_last_taker():
    state = position(("", "", "2s", "4c"), "3d 7b 2c", turn=2, ply=34)
    play(state, "2s", "2c")  # seat 2 captures and leaves 3D, 7B
    play(state, "4c")  # the dealer's last card cannot capture
    assert state.phase == HAND_OVER
    assert names(state.rest_cards()) == "3d 7b 4c"  # C-12
    assert list(state.scope) == [0, 0]  # never a scopa (C-15)
    out = array("h", [0] * SIZE)
    state.score_hand(out)
    assert (out[CARDS], out[CARDS + 1]) == (5, 0)  # 2s 2c 3d 7b 4c to seat 2's side


def test_c12_rest_goes_to_the_last_taker_even_after_an_opponent_trails():
    state = position(("", "5b", "Kd", "Jc"), "Qs 5s", turn=1, ply=33)
    play(state, "5b", "5s")  # seat 1, team 1
    play(state, "Kd")  # trail: nothing adds up to 10 (Qs alone is 9)
    play(state, "Jc")  # trail
    assert names(state.rest_cards()) == "Qs Kd Jc"
    out = array("h", [0] * SIZE)
    state.score_hand(out)
    assert (out[CARDS], out[CARDS + 1]) == (0, 5)


def test_earlier_sweep_scores_even_if_no_capture_follows():
    # RULES §4.3 [derived]: only the final play loses its scopa, not the hand's last capture.
    state = position(("", "7s", "Kd", "Jc"), "2b 5c", turn=1, ply=33)
    play(state, "7s", "2b 5c")
    play(state, "Kd")
    play(state, "Jc")
    assert list(state.scope) == [0, 1]
    assert names(state.rest_cards()) == "Kd Jc"


def test_last_play_scopa_counts():
    state = position(("", "", "", "Kc"), "3d 7b", turn=3, ply=35, last_play_scopa="counts")
    play(state, "Kc", "3d 7b")
    assert list(state.scope) == [0, 1]


def test_last_play_scopa_counts_10card_only():
    state = position(("", "", "", "Kc"), "3d 7b", turn=3, ply=35,
                     last_play_scopa="counts_10card_only")
    play(state, "Kc", "3d 7b")
    assert list(state.scope) == [0, 0]  # 9+4: never
    state = position(("", "", "", "Kc"), "3d 7b", turn=3, ply=39, preset="dieci",
                     last_play_scopa="counts_10card_only")
    play(state, "Kc", "3d 7b")
    assert list(state.scope) == [0, 1]  # PAGAT's "some players", 10+0


def test_ten_card_final_play_is_ply_39():
    state = position(("", "", "", "Kc"), "3d 7b", turn=3, ply=38, preset="dieci")
    with pytest.raises(ValueError):
        position(("", "", "", "Kc"), "3d 7b", turn=3, ply=40, preset="dieci")
    assert state.phase == PLAY


# -- conformance over seeded random hands ---------------------------------------------------


ALL_PRESETS = [
    ("chitarrella", {}),
    ("figs", {}),
    ("dieci", {}),
    ("assi", {}),
    ("chitarrella+veneto+tre_gradi", {}),
    ("dieci+tre_gradi", {}),
    ("assi+veneto", {}),
    ("chitarrella", {"sum_choice": "fewest_cards", "forced_capture": "turn"}),
    ("chitarrella", {"equal_card_priority": False, "last_play_scopa": "counts"}),
    ("assi", {"ace_may_decline": True, "ace_with_ace_on_table": "sweeps",
              "ace_on_empty_table": "stays", "ace_sweep_scores_scopa": True}),
    ("chitarrella", {"ace_sweep": True, "first_lead_ace_banned": "first_round"}),
]
PRESET_IDS = ["+".join([p] + ["%s=%s" % kv for kv in o.items()]) for p, o in ALL_PRESETS]

def restorable(state) -> tuple:
    """Every byte of the position (conftest.snapshot, per-ply logs included), plus each ply
    already played as play_info gives it."""
    return snapshot(state) + tuple(state.play_info(p) for p in range(state.ply))


@pytest.mark.parametrize("preset, overrides", ALL_PRESETS, ids=PRESET_IDS)
def test_undo_restores_the_position_after_every_ply(preset, overrides):
    rng = random.Random(preset + str(sorted(overrides.items())))
    state = State(Rules(preset, overrides), 1)
    buffer = array("i", [0] * BIG)
    for seed in (5, 6):
        state.new_match(seed)
        while state.deal() != DEALT:
            pass
        at_start = restorable(state)
        while state.phase == PLAY:
            count = state.legal_moves(buffer)
            before = restorable(state)
            for move in list(buffer[:count]):
                state.apply(move)
                state.undo()
                assert restorable(state) == before, (state.ply, move)
            state.apply(buffer[rng.randrange(count)])
        assert state.phase == HAND_OVER
        plies = state.ply
        for _ in range(plies):
            state.undo()
        assert state.ply == 0 and state.phase == PLAY
        assert restorable(state) == at_start


@pytest.mark.parametrize("preset, overrides", ALL_PRESETS, ids=PRESET_IDS)
def test_conformance_playout(preset, overrides):
    """All 40 cards accounted for, scope markers match the scope, two equal values lie on the
    table together only when dealt there (RULES §8 invariants)."""
    rules = Rules(preset, overrides)
    rng = random.Random(len(preset) * 1000 + len(overrides))
    state = State(rules, 1)
    state.new_match(77, first_dealer=0)
    buffer = array("i", [0] * BIG)
    out = array("h", [0] * SIZE)
    for _ in range(6):
        assert state.current_seat() == CHANCE and not state.is_terminal()
        while state.deal() != DEALT:
            pass
        dealt_table = set(state.table_cards())
        while state.phase == PLAY:
            assert state.current_seat() == state.turn
            count = state.legal_moves(buffer)
            assert 1 <= count
            state.apply(buffer[rng.randrange(count)])
            if not rules.ace_sweep:
                table = state.table_cards()
                values = [card_value(c) for c in table if c not in dealt_table]
                assert len(values) == len(set(values))
                dealt_values = {card_value(c) for c in table if c in dealt_table}
                assert not dealt_values & set(values)
        assert state.phase == HAND_OVER and state.ply == rules.plies
        assert state.table_cards() == []
        assert all(state.hand_cards(seat) == [] for seat in range(4))
        state.score_hand(out)
        assert out[CARDS] + out[CARDS + 1] == 40
        flags = [0, 0]
        for ply in range(rules.plies):
            seat, _, _, scopa, _ = state.play_info(ply)
            assert seat == (state.dealer + 1 + ply) % 4
            flags[seat % 2] += scopa
        assert flags == list(state.scope)
        state.end_hand()
        if state.phase == TERMINAL:
            break


def test_what_a_play_took_does_not_load_edge(monkeypatch):
    """The board asks what each play took (the table's last-play line) and what a hinted move
    would take during play: engine/plays.py answers, and engine/edge.py (set-up checks, move
    explanations) stays unloaded."""
    import sys

    import engine

    state = dealt_state("chitarrella", seed=5)
    monkeypatch.delitem(sys.modules, "engine.edge", raising=False)
    monkeypatch.delattr(engine, "edge", raising=False)
    moves = array("i", [0] * BIG)
    took = 0
    for _ in range(12):
        count = state.legal_moves(moves)
        captures = [moves[i] for i in range(count) if moves[i] >= 64]
        move = captures[0] if captures else moves[0]
        taken = state.taken_cards(move)
        seat = state.current_seat()
        state.apply(move)
        assert state.play_info(state.ply - 1)[:3] == (seat, move & 63, taken)
        took += len(taken)
    assert took  # captures were asked about too, not only trails
    assert "engine.edge" not in sys.modules


VARIANT_MODULES = ("engine.capture_variants", "engine.secured")


@pytest.mark.parametrize("preset, overrides, loaded", [
    ("chitarrella", {}, ()),
    ("assi", {}, ("engine.capture_variants",)),  # RULES §7's aces
    ("chitarrella", {"sum_choice": "fewest_cards"}, ("engine.capture_variants",)),
    ("chitarrella", {"forced_capture": "turn"}, ("engine.capture_variants",)),
    ("chitarrella+tre_gradi", {"declare_out": True}, ("engine.secured",)),
])
def test_a_game_loads_a_variants_code_only_where_its_rules_use_it(monkeypatch, preset,
                                                                  overrides, loaded):
    """The variants' capture rules and declaring out are modules of their own, which a game of
    Chitarrella's rules never loads (a board's heap holds none of their code)."""
    import sys

    import engine

    for name in VARIANT_MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
        monkeypatch.delattr(engine, name.partition(".")[2], raising=False)
    state = State(Rules(preset, overrides), 3)
    play_random_match(state, random.Random(3))
    assert tuple(name for name in VARIANT_MODULES if name in sys.modules) == loaded
    assert (state.variants is not None, state.declaring is not None) == \
        ("engine.capture_variants" in loaded, "engine.secured" in loaded)


# -- calls out of place: refused before anything changes -------------------------------------


def test_a_seat_out_of_range_is_refused():
    from engine import observe

    state = dealt_state(seed=6)
    before = snapshot(state)
    out = bytearray(observe.SIZE)
    for seat in (4, 255, -1):  # seat 4 saw the table as its hand
        with pytest.raises(ValueError, match="seat must be 0..3"):
            state.observe(seat, out)
        with pytest.raises(ValueError, match="seat must be 0..3"):
            state.hand_cards(seat)
    assert out == bytearray(observe.SIZE) and snapshot(state) == before


@pytest.mark.parametrize("first_dealer", ["2", 1.5, 7, -2, True])
def test_new_match_refuses_a_bad_first_dealer_before_it_resets_anything(first_dealer):
    state = dealt_state(seed=6)
    state.score[0] = 3
    before = snapshot(state)
    with pytest.raises(ValueError, match="first_dealer must be 0..3 or -1"):
        state.new_match(5, first_dealer)
    assert snapshot(state) == before


def test_set_position_and_set_deal_refuse_bad_values_before_they_change_the_state():
    state = dealt_state(seed=6)
    before = snapshot(state)
    hands = [cards("Ad"), cards("2d"), cards("3d"), cards("4d")]
    for kwargs, words in (({"turn": None}, "turn must be a seat"),
                          ({"turn": 0, "ply": 1.5}, "ply must be in"),
                          ({"turn": 0, "ply": True}, "ply must be in")):
        with pytest.raises(ValueError, match=words):
            state.set_position(hands, cards("Kc"), **kwargs)
        assert snapshot(state) == before
    fresh = State(Rules("chitarrella"), 1)
    deal, table = full_deal("Ad 2d 3d 4d")
    before = snapshot(fresh)
    for bad in (1.0, True):  # either sorts as card 1, and passed the deal's check
        with pytest.raises(ValueError, match="is no card"):
            fresh.set_deal([[bad if card == 1 else card for card in hand] for hand in deal],
                           [bad if card == 1 else card for card in table])
        assert snapshot(fresh) == before


def test_move_for_refuses_what_is_no_card_before_any_change():
    state = dealt_state(seed=6)
    before = snapshot(state)
    on_table = state.table_cards()[0]
    card = state.hand_cards(state.turn)[0]
    for taken in (["7d"], [float(on_table)], [True], [on_table, None]):
        with pytest.raises(ValueError, match="is no card"):
            state.move_for(card, taken)
    assert snapshot(state) == before


def test_a_trail_with_ace_flags_is_refused_for_its_flags():
    from engine.edge import IllegalMove
    from engine.moves import ACE_SWEEP, SELF_TAKE

    state = position(("2s", "3c", "4c", "5c"), "Kc")  # 2s can only be trailed
    for flag in (ACE_SWEEP, SELF_TAKE):
        with pytest.raises(IllegalMove, match="flags are not those of the legal move"):
            state.check(cards("2s")[0] | flag)


def test_a_finished_match_refuses_another_hand_end_and_a_set_up_position():
    rules = Rules("chitarrella", {"target": 1})
    state = State(rules, 3)
    play_random_match(state, random.Random(3))
    before = snapshot(state)
    with pytest.raises(ValueError):  # no hand to end ("the hand is not over")
        state.end_hand()
    with pytest.raises(ValueError, match="the match is over"):
        state.set_position([cards("Ad"), [], [], []], [], turn=0)
    assert snapshot(state) == before


def test_rules_keep_copies_of_the_lists_they_were_given():
    values = [16, 12, 13, 14, 15, 18, 21, 10, 10, 10]
    rules = Rules("chitarrella", {"primiera_values": values})
    values[0] = 20  # the caller's list changes afterwards: the rules do not
    assert rules == Rules("chitarrella") and rules.to_dict()["primiera_values"][0] == 16
    with pytest.raises(ValueError, match="primiera_values"):
        Rules("chitarrella", {"primiera_values": [True] * 10})
