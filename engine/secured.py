"""Declaring out (C-26; RULES §6.4): the points each side has secured so far in a hand (step
2), and the claim (step 3).

A declaration holds when the declaring side's score plus its secured points reaches the
target, whatever the other side's total: the first to claim the target correctly wins
(PARLETT; C-24 "arrivano primi"); a false claim loses. Where RULES.md leaves room [derived]:
in overtime (both sides already at the target level, §6.2) reaching the target proves
nothing, so a declaration there holds only when the side's total is above the other side's,
as the end of a hand in overtime would decide. engine/observe.py ``may_declare_out`` judges a
claim the same way from what a seat sees.

engine/state.py loads this module only when the rules allow declaring out
(``declare_out``), as ``State.declaring``: a game without declaring out holds none of this
code. ``secured`` writes into a caller's ``array("h", scoring.SIZE)``, laid out as
engine/scoring.py's hand points.

Rules: C-26; RULES §6.4.
Allocation: none.
"""

from engine import scoring
from engine.cards import RE_BELLO, SETTEBELLO
from engine.layout import PILE, PLAY
from engine.match import DECLARED, FALSE_DECLARATION, finish


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


def declare(state) -> bool:
    """The side to play declares out (C-26; RULES §6.4); a false claim loses (PARLETT).

    The claim holds when the side's score plus the points it has secured this hand reaches
    the target (§6.4 step 3), or, in overtime, is above the other side's (see the module
    docstring). ``State.declare`` calls it where the rules allow declaring out."""
    if state.phase != PLAY:
        raise ValueError("a side may declare only at its turn in play")
    team = state.turn & 1
    points = state.secured
    secured(state, points)
    score = state.score
    score[0] += points[scoring.TOTAL]
    score[1] += points[scoring.TOTAL + 1]
    state.match.declarer = state.turn
    mine = score[team]
    held = mine > score[1 - team] if state.match.overtime else mine >= state.rules.target
    finish(state, team if held else 1 - team, DECLARED if held else FALSE_DECLARATION)
    return held

