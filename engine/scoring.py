"""Hand scoring from the piles (the points a side has secured mid-hand are in
engine/secured.py, which builds on the counting here).

Writes into a caller's ``array("h", SIZE)``; each field holds two entries, team 0 then team 1:

==============  =====================================================================
offset          meaning
==============  =====================================================================
CARDS           cards captured (C-16)
DENARI          denari captured (C-16)
PRIMIERA        primiera total, or INCOMPLETE when a suit is missing (C-19, C-22)
P_CARTE         point for more than 20 cards (C-16, C-20)
P_DENARI        point for more than 5 denari (C-16, C-20)
P_SETTEBELLO    point for the 7 of denari (C-16)
P_PRIMIERA      point for the primiera (C-19 to C-22; RULES §5.2)
P_SCOPE         scope made (C-14, C-23)
P_RE_BELLO      point for the king of denari (re_bello, RULES §5.3)
P_NAPOLA        napola run length when 3 or more (napola, RULES §5.3)
NAPOLEONE       1 for a side holding all ten denari (napoleone_wins, RULES §10 row 23)
TOTAL           the hand's points
==============  =====================================================================

Rules: C-14, C-16 to C-23; RULES §5, §10 rows 15-19, 22-24.
Allocation: none.
"""

from array import array

from engine.cards import RE_BELLO, SETTEBELLO
from engine.layout import PILE, WHOLE

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


CARDS = const(0)
DENARI = const(2)
PRIMIERA = const(4)
P_CARTE = const(6)
P_DENARI = const(8)
P_SETTEBELLO = const(10)
P_PRIMIERA = const(12)
P_SCOPE = const(14)
P_RE_BELLO = const(16)
P_NAPOLA = const(18)
NAPOLEONE = const(20)
TOTAL = const(22)
SIZE = const(24)

INCOMPLETE = const(-1)

_BLANK = array("h", [0] * SIZE)  # copied over ``out`` before counting

# Point kinds in RECORD.md order, with their offsets.
POINT_KINDS = (
    ("carte", P_CARTE), ("denari", P_DENARI), ("settebello", P_SETTEBELLO),
    ("primiera", P_PRIMIERA), ("scope", P_SCOPE), ("re_bello", P_RE_BELLO),
    ("napola", P_NAPOLA),
)


def count_piles(state, out, best) -> None:
    """Cards, denari and the best primiera card per suit: ``best[team * 4 + suit]`` holds its
    primiera value plus one, 0 when the team has no card of the suit."""
    primiera = state.rules.primiera
    where = state.where
    out[WHOLE] = _BLANK
    cards0 = 0  # local counters and a walk by suit and rank, on the benchmark path
    cards1 = 0
    card = 0
    for suit in range(4):
        best0 = 0
        best1 = 0
        for value in primiera:  # the suit's cards in rank order, by their primiera values
            place = where[card]
            card += 1
            if place == PILE:
                cards0 += 1
                if value >= best0:  # best0 is the best value plus one
                    best0 = value + 1
            elif place == PILE + 1:
                cards1 += 1
                if value >= best1:
                    best1 = value + 1
        best[suit] = best0
        best[4 + suit] = best1
        if suit == 0:  # denari is the first suit (engine/cards.py)
            out[DENARI] = cards0
            out[DENARI + 1] = cards1
    out[CARDS] = cards0
    out[CARDS + 1] = cards1


def primiera_totals(rules, out, best) -> None:
    """Each team's primiera total from ``count_piles``'s ``best`` into ``out`` (INCOMPLETE
    when a suit is missing, C-22), and the plain sums in ``best[8]`` and ``best[9]``."""
    for team in range(2):
        total = 0
        complete = True
        for suit in range(4):
            value = best[team * 4 + suit]
            if value == 0:
                complete = False  # C-22: a suit is missing
            else:
                total += value - 1
        out[PRIMIERA + team] = total if complete or not rules.primiera_all_suits else INCOMPLETE
        # Kept for primiera_both_incomplete=compare_sums.
        best[8 + team] = total


def napola_run(state, team: int) -> int:
    """Length of ``team``'s unbroken run of denari from the ace, capped (RULES §5.3)."""
    cap = state.rules.napola_cap
    pile = PILE + team
    run = 0
    while run < cap and state.where[run] == pile:
        run += 1
    return run if run >= 3 else 0


def score_hand(state, out) -> None:
    """Score the finished hand into ``out`` (RULES §5; layout in the module docstring)."""
    rules = state.rules
    best = state.primiera_best
    count_piles(state, out, best)
    primiera_totals(rules, out, best)
    for team in range(2):
        other = 1 - team
        if out[CARDS + team] > 20:  # C-16; 20-20 scores nothing (C-20)
            out[P_CARTE + team] = 1
        if out[DENARI + team] > 5:  # C-16; 5-5 scores nothing (C-20)
            out[P_DENARI + team] = 1
        pile = PILE + team
        if state.where[SETTEBELLO] == pile:  # C-16
            out[P_SETTEBELLO + team] = 1
        if rules.re_bello and state.where[RE_BELLO] == pile:
            out[P_RE_BELLO + team] = 1
        out[P_SCOPE + team] = state.scope[team]
        if rules.napola_cap:
            out[P_NAPOLA + team] = napola_run(state, team)
            if rules.napoleone_wins and out[DENARI + team] == 10:
                out[NAPOLEONE + team] = 1
        mine = out[PRIMIERA + team]
        theirs = out[PRIMIERA + other]
        if mine != INCOMPLETE and (theirs == INCOMPLETE or mine > theirs):
            out[P_PRIMIERA + team] = 1  # C-19; C-22: a complete primiera beats an incomplete one
        elif mine == INCOMPLETE and theirs == INCOMPLETE and rules.primiera_compare_incomplete \
                and best[8 + team] > best[8 + other]:
            out[P_PRIMIERA + team] = 1  # primiera_both_incomplete=compare_sums
    for team in range(2):
        total = 0
        for offset in range(P_CARTE, NAPOLEONE, 2):
            total += out[offset + team]
        out[TOTAL + team] = total
