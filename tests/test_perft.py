"""Perft-style move counts from fixed deals (tests/data/perft.txt), like python-chess's perft.

Each line holds a preset, a seed, the first dealer and the deal that seed gives, and the number
of move sequences of each length from it. The counts walk the legal-move tree with apply and
undo, so they pin down move generation, apply and undo together; the seeded deal pins the PRNG
and the shuffle (the same seed deals the same cards on every runtime).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cards
from engine.cards import card_name
from engine.moves import MAX_MOVES
from engine.rules import Rules
from engine.state import State

DATA = Path(__file__).parent / "data" / "perft.txt"


def _cases():
    for line in DATA.read_text().splitlines():
        if line and not line.startswith("#"):
            head, *hands, table, counts = (part.strip() for part in line.split("|"))
            preset, seed, dealer = head.split()
            yield preset, int(seed), int(dealer), hands, table, [int(c) for c in counts.split()]


CASES = list(_cases())


def perft(state: State, depth: int, buffers) -> int:
    moves = buffers[depth]
    count = state.legal_moves(moves)
    if depth == 1:
        return count
    total = 0
    for i in range(count):
        state.apply(moves[i])
        total += perft(state, depth - 1, buffers)
        state.undo()
    return total


@pytest.mark.parametrize("preset, seed, dealer, hands, table, counts", CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_seeded_deal_is_stable(preset, seed, dealer, hands, table, counts):
    state = State(Rules(preset), seed)
    while state.deal():
        pass
    assert state.dealer == dealer
    assert [" ".join(card_name(c) for c in state.hand_cards(s)) for s in range(4)] == hands
    assert " ".join(card_name(c) for c in state.table_cards()) == table


@pytest.mark.parametrize("preset, seed, dealer, hands, table, counts", CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_perft_counts(preset, seed, dealer, hands, table, counts):
    state = State(Rules(preset), seed)
    state.new_match(seed, first_dealer=dealer)
    assert state.set_deal([cards(h) for h in hands], cards(table)) == 0
    buffers = [[0] * MAX_MOVES for _ in range(len(counts) + 1)]
    assert [perft(state, depth, buffers) for depth in range(1, len(counts) + 1)] == counts
