"""The speed goal's yardstick (sim/reference_engine.py) does the benchmark's work: the same
legal moves as the engine on the positions of real hands, and complete, scored hands."""

import random
from array import array

from conftest import legal
from engine import scoring
from engine.cards import card_name
from engine.layout import DEAL, PLAY
from engine.moves import MAX_MOVES
from engine.rules import Rules
from engine.state import State
from sim import reference_engine as plain


def as_plain(card: int) -> tuple:
    return (card % 10 + 1, card // 10)


def named(card: tuple) -> str:
    value, suit = card
    return card_name(suit * 10 + value - 1)


def test_legal_moves_are_the_engines():
    state = State(Rules("chitarrella"), 7)
    rng = random.Random(7)
    moves = [0] * MAX_MOVES
    positions = 0
    for _ in range(30):
        state.phase = DEAL  # as sim/mp/bench_hands.py plays hands
        while state.deal():
            pass
        while state.phase == PLAY:
            count = state.legal_moves(moves)
            hand = [as_plain(c) for c in state.hand_cards(state.current_seat())]
            table = [as_plain(c) for c in state.table_cards()]
            found = plain.legal_moves(hand, table)
            assert len(found) == count
            assert {(named(card), frozenset(map(named, taken)))
                    for card, taken in found} == legal(state)
            state.apply(moves[rng.randrange(count)])
            positions += 1
        state.score_hand(array("h", [0] * scoring.SIZE))
    assert positions == 30 * 36


def test_hands_are_complete_and_scored():
    rng = random.Random(3)
    for _ in range(200):
        hands, table = plain.deal(rng)
        assert sorted(sum(hands, []) + table) == sorted(plain.DECK)
        assert sum(card[0] == 10 for card in table) < 3  # C-9
        points = plain.play_hand(rng)
        assert min(points) >= 0 and sum(points) >= 1  # the settebello is always scored


def suits(*wanted):
    return [card for card in plain.DECK if card[1] in wanted]


def test_scoring():
    # carte 21-19, every denaro and the settebello; neither side has all four suits, so the
    # primiera is nobody's (C-22)
    mine = suits(0, 1) + [(1, 2)]
    theirs = [card for card in plain.DECK if card not in mine]
    assert plain.score([mine, theirs], [2, 0]) == [2 + 3, 0]
    # 18-22: a complete primiera beats an incomplete one (C-21), carte to the 22
    mine = suits(0, 1)[1:-1]  # no bastoni or spade, nor the ace of denari or king of coppe
    theirs = [card for card in plain.DECK if card not in mine]
    assert plain.score([mine, theirs], [0, 1]) == [2, 1 + 2]
