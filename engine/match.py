"""Match bookkeeping: end of hand, the target, ties at the target, grades.

Declaring out (C-26; RULES §6.4) is in engine/secured.py, which a game loads only where the
rules allow it; it ends the match through ``finish`` here.

Rules: C-24, C-25; RULES §6, §5.3 (napoleone), §5.4 (countback), §2.6 (dealer rotation),
§10 rows 20, 21, 23, 30-32.
Allocation: none.
"""

from engine import scoring
from engine.layout import DEAL, HAND_OVER, TERMINAL

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


# MatchInfo.reason, named as in RECORD.md's match_end.
REASONS = ("", "target", "napoleone", "declared", "false_declaration")
TARGET = const(1)
NAPOLEONE = const(2)
DECLARED = const(3)
FALSE_DECLARATION = const(4)

_HIGHER_WINS = const(0)  # tie_at_target codes, in engine/presets.py derive's order
_COUNTBACK = const(1)

# PARLETT's countback order (RULES §5.4); scope are added one by one in the order made.
_COUNTBACK_ORDER = bytes((scoring.P_CARTE, scoring.P_DENARI, scoring.P_SETTEBELLO,
                          scoring.P_PRIMIERA, scoring.P_SCOPE, scoring.P_RE_BELLO,
                          scoring.P_NAPOLA))


class MatchInfo:
    """How a match stands: winner, grade and reason once decided."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.winner = -1
        self.grade = 0
        self.reason = 0
        self.overtime = False  # both sides reached the target level; the next lead decides
        self.declarer = -1  # seat that declared out, if any


def end_hand(state) -> None:
    """Score the finished hand and decide the match or pass the deal (RULES §6.2, §2.6)."""
    if state.phase != HAND_OVER:
        raise ValueError("the hand is not over")
    rules = state.rules
    points = state.hand_points
    score = state.score
    scoring.score_hand(state, points)
    before0 = score[0]
    before1 = score[1]
    score[0] = before0 + points[scoring.TOTAL]
    score[1] = before1 + points[scoring.TOTAL + 1]
    target = rules.target
    napoleone = points[scoring.NAPOLEONE] - points[scoring.NAPOLEONE + 1]
    if napoleone:
        finish(state, 0 if napoleone > 0 else 1, NAPOLEONE)  # GPMG; JMP
    else:
        winner = _winner(state, points, before0, before1)
        if winner >= 0:
            finish(state, winner, TARGET)
        elif score[0] >= target and score[1] >= target:
            state.match.overtime = True  # C-24: "si seguita fino a che avviene una differenza"
    if state.phase != TERMINAL:
        state.phase = DEAL
        if not rules.dealer_fixed:
            state.dealer = (state.dealer + 1) & 3  # PAGAT: the deal passes to the right


def _winner(state, points, before0: int, before1: int) -> int:
    """The side the match goes to now that ``points`` (laid out as engine/scoring.py's) took
    the score from ``before0``, ``before1`` to ``state.score``; -1 while it goes on."""
    score = state.score
    rules = state.rules
    target = rules.target
    overtime = state.match.overtime
    if overtime or (score[0] >= target and score[1] >= target):
        if overtime or rules.tie_mode == _HIGHER_WINS:
            if score[0] != score[1]:
                return 0 if score[0] > score[1] else 1  # PAGAT; C-24 reading A
        elif rules.tie_mode == _COUNTBACK:
            return _countback(state, points, before0, before1)  # PARLETT
        return -1  # C-24: "si seguita fino a che avviene una differenza"
    if score[0] >= target or score[1] >= target:
        return 0 if score[0] >= target else 1  # C-24
    return -1


def _countback(state, points, score0: int, score1: int) -> int:
    """PARLETT: add the hand's points kind by kind from the old score; first to the target."""
    target = state.rules.target
    for offset in _COUNTBACK_ORDER:
        if offset == scoring.P_SCOPE:
            first = state.leader
            for ply in range(state.rules.plies):
                if state.ply_scopa[ply]:
                    if (first + ply) & 1:
                        score1 += 1
                    else:
                        score0 += 1
                    if score0 >= target or score1 >= target:
                        return 0 if score0 >= target else 1
            continue
        score0 += points[offset]
        score1 += points[offset + 1]
        if score0 >= target or score1 >= target:
            return 0 if score0 >= target else 1
    return 0 if score0 > score1 else 1


def finish(state, winner: int, reason: int) -> None:
    info = state.match
    info.winner = winner
    info.reason = reason
    info.grade = 1
    rules = state.rules
    if rules.grades:  # C-25: semplice, doppio, cappotto
        loser = state.score[1 - winner]
        info.grade = 3 if loser <= 0 else 2 if loser <= rules.grades_threshold else 1
    state.phase = TERMINAL


def returns(state, out) -> None:
    """``out[team]``: +grade for the winning team, -grade for the other, 0 while in play."""
    info = state.match
    out[0] = 0
    out[1] = 0
    if state.phase == TERMINAL:
        out[info.winner] = info.grade
        out[1 - info.winner] = -info.grade
