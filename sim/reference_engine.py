"""The yardstick of issue 2's speed goal: a plain pure-Python engine, timed on the same machine.

usage: python -m sim.reference_engine HANDS SEED

Issue 2 puts the goal of 7,000 hands a second beside "a straightforward pure-Python engine
that enumerates captures with itertools", which plays about 1,400 on the machine class the
goal was set on: 5 times as fast. Machines differ by more than that goal's margin (a session
has measured the engine at 2,900 and at 7,100 on two machines of the same class), so
``make bench`` times this engine in the same run as the real one (sim/bench.py) and prints
the ratio.

It plays the benchmark's hands (sim/mp/bench_hands.py) as such an engine would: complete 9+4
``chitarrella`` hands, a deal (redealt with three or more kings on the table, C-9), every legal
move listed at every turn (an equal card before any sum, C-11; sums from
``itertools.combinations``), a uniformly random one played (a scopa for a capture that clears
the table, except on the hand's last play, RULES §4.4; the table's last cards to the last
taker, §4.5), and the hand scored (carte, denari, settebello, primiera, scope; RULES §5). Cards
are ``(value, suit)`` tuples, hands and the table lists; tests/test_reference_engine.py checks
that its legal moves are the real engine's.

Desktop only.
"""

from __future__ import annotations

import itertools
import random
import sys
import time

PRIMIERA = {1: 16, 2: 12, 3: 13, 4: 14, 5: 15, 6: 18, 7: 21, 8: 10, 9: 10, 10: 10}  # C-18
DENARI = 0
SETTEBELLO = (7, DENARI)
DECK = [(value, suit) for suit in range(4) for value in range(1, 11)]


def legal_moves(hand: list, table: list) -> list:
    """Every legal move as (card, taken cards): an equal card (each one a choice) before any
    sum of two or more cards, a trail when the card takes nothing (C-11)."""
    moves = []
    for card in hand:
        equal = [other for other in table if other[0] == card[0]]
        if equal:
            moves.extend((card, (other,)) for other in equal)
            continue
        sums = [combo for size in range(2, len(table) + 1)
                for combo in itertools.combinations(table, size)
                if sum(other[0] for other in combo) == card[0]]
        if sums:
            moves.extend((card, combo) for combo in sums)
        else:
            moves.append((card, ()))
    return moves


def deal(rng: random.Random) -> tuple[list, list]:
    """Four hands of 9 and a table of 4, dealt again while the table holds 3 kings (C-9)."""
    while True:
        deck = DECK[:]
        rng.shuffle(deck)
        table = deck[36:]
        if sum(card[0] == 10 for card in table) < 3:
            return [deck[seat * 9:seat * 9 + 9] for seat in range(4)], table


def primiera(pile: list) -> int:
    """The pile's primiera (C-18): its best card of each suit; 0 without all four (C-22)."""
    best = {}
    for value, suit in pile:
        best[suit] = max(best.get(suit, 0), PRIMIERA[value])
    return sum(best.values()) if len(best) == 4 else 0


def score(piles: list, scope: list) -> list:
    """Each team's points for the hand (RULES §5)."""
    points = list(scope)
    for team, other in ((0, 1), (1, 0)):
        mine, theirs = piles[team], piles[other]
        points[team] += len(mine) > len(theirs)
        points[team] += (sum(card[1] == DENARI for card in mine)
                         > sum(card[1] == DENARI for card in theirs))
        points[team] += SETTEBELLO in mine
        points[team] += primiera(mine) > primiera(theirs)
    return points


def play_hand(rng: random.Random) -> list:
    """One complete hand with uniformly random legal moves; returns the points."""
    hands, table = deal(rng)
    piles = [[], []]
    scope = [0, 0]
    last_taker = 0
    for ply in range(36):
        seat = ply % 4
        card, taken = rng.choice(legal_moves(hands[seat], table))
        hands[seat].remove(card)
        if taken:
            team = seat % 2
            for other in taken:
                table.remove(other)
            piles[team].extend(taken)
            piles[team].append(card)
            last_taker = team
            if not table and ply < 35:
                scope[team] += 1
        else:
            table.append(card)
    piles[last_taker].extend(table)
    return score(piles, scope)


def main(argv) -> None:
    hands = int(argv[1])
    rng = random.Random(int(argv[2]))
    for _ in range(20):  # warm up, as sim/mp/bench_hands.py does
        play_hand(rng)
    start = time.perf_counter_ns()
    for _ in range(hands):
        play_hand(rng)
    elapsed = (time.perf_counter_ns() - start) // 1000
    print("hands %d us %d alloc -1" % (hands, elapsed))


if __name__ == "__main__":
    main(sys.argv)
