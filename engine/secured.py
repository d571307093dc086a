"""The points each side has secured so far in a hand (RULES §6.4 step 2), for declaring out
(C-26): what engine/match.py ``declare`` judges a claim by, and the observation's SECURED.

engine/state.py loads this module only when the rules allow declaring out
(``declare_out``), and keeps ``secured`` as ``State.secure``: a game without declaring out
holds none of this code. Writes into a caller's ``array("h", scoring.SIZE)``, laid out as
engine/scoring.py's hand points.

Rules: C-26; RULES §6.4.
Allocation: none.
"""

from engine import scoring
from engine.cards import RE_BELLO, SETTEBELLO
from engine.layout import PILE


def secured(state, out) -> None:
    """Points each side has secured so far this hand (RULES §6.4 step 2) into ``out``.

    Scope made, settebello and re bello taken, carte at 21 cards, denari at 6, the napola run
    held, and the primiera only when it is complete and the other side cannot equal it with
    every card not yet captured.
    """
    rules = state.rules
    best = state.primiera_best
    scoring.count_piles(state, out, best)
    scoring.primiera_totals(rules, out, best)
    primiera = rules.primiera
    where = state.where
    for team in range(2):
        pile = PILE + team
        if out[scoring.CARDS + team] >= 21:
            out[scoring.P_CARTE + team] = 1
        if out[scoring.DENARI + team] >= 6:
            out[scoring.P_DENARI + team] = 1
        if where[SETTEBELLO] == pile:
            out[scoring.P_SETTEBELLO + team] = 1
        if rules.re_bello and where[RE_BELLO] == pile:
            out[scoring.P_RE_BELLO + team] = 1
        out[scoring.P_SCOPE + team] = state.scope[team]
        if rules.napola_cap:
            out[scoring.P_NAPOLA + team] = scoring.napola_run(state, team)
        mine = out[scoring.PRIMIERA + team]
        if mine == scoring.INCOMPLETE:
            continue
        # The best the other side could still reach: per suit, its best card so far or any
        # card this side has not taken.
        reach = 0
        complete = True
        for suit in range(4):
            top = 0  # primiera value plus one of the best card the other side may still get
            for card in range(suit * 10, suit * 10 + 10):
                if where[card] != pile and primiera[card % 10] + 1 > top:
                    top = primiera[card % 10] + 1
            if top == 0:
                complete = False
            else:
                reach += top - 1
        if (not complete and rules.primiera_all_suits) or mine > reach:
            out[scoring.P_PRIMIERA + team] = 1
    for team in range(2):
        total = 0
        for offset in range(scoring.P_CARTE, scoring.NAPOLEONE, 2):
            total += out[offset + team]
        out[scoring.TOTAL + team] = total
