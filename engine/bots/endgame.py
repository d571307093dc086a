"""Exact endgame solver: alpha-beta minimax to the end of the hand, team against team.

On a State whose four hands are all known (the true position, or one determinization), the
value of a position for ``team`` is that team's hand points minus the other team's (RULES §5,
scored by engine/scoring.py once the last card is played, the last taker's rest included,
C-12). Partners share a side, so a seat of ``team`` maximizes and the others minimize.
``move_values`` gives the exact value of every root move, so a search bot can average them
over several determinizations.

Buffers: one move buffer per ply below the root, each big enough for hands of up to
MAX_HAND cards (25 moves a card at most, engine/capture.py), so ``solvable`` refuses
positions with more plies or bigger hands.

Rules: C-12, C-14, C-15; RULES §5.
Allocation: none after construction (recursion depth at most MAX_PLIES).
"""

from array import array

from engine import scoring
from engine.layout import PLAY

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


MAX_PLIES = const(12)  # plies the solver looks ahead: the last three rounds
MAX_HAND = const(3)  # cards per hand it handles
_MOVES = const(80)  # MAX_HAND * 25 moves a card, rounded up
_INFINITY = const(1000)


class Solver:
    """Alpha-beta over apply/undo with preallocated move buffers (see the module docstring)."""

    def __init__(self) -> None:
        self.buffers = tuple(array("i", [0] * _MOVES) for _ in range(MAX_PLIES + 1))
        self.points = array("h", [0] * scoring.SIZE)
        self.nodes = 0  # positions visited since the last move_values
        self.limit = 0  # give up past this many positions (0: never)
        self.aborted = False  # the last move_values gave up: its values mean nothing

    @staticmethod
    def solvable(state) -> bool:
        """True when the hand's remaining plays fit the solver's buffers."""
        if state.rules.plies - state.ply > MAX_PLIES:
            return False
        for seat in range(4):
            if state.hand_count[seat] > MAX_HAND:
                return False
        return True

    def move_values(self, state, moves, count: int, out, limit: int = 0) -> bool:
        """Write into ``out[i]`` the exact value of ``moves[i]`` for the side to play.

        Gives up past ``limit`` positions (0: no limit) and then returns False.
        """
        self.nodes = 0
        self.limit = limit
        self.aborted = False
        team = state.turn & 1
        for i in range(count):
            state.apply(moves[i])
            out[i] = self.value(state, team, 0, -_INFINITY, _INFINITY)
            state.undo()
        return not self.aborted

    def value(self, state, team: int, depth: int, alpha: int, beta: int) -> int:
        """Minimax value of ``state`` for ``team`` within the window (alpha, beta)."""
        self.nodes += 1
        if self.limit and self.nodes > self.limit:
            self.aborted = True
            return 0  # the search unwinds; move_values reports it
        if state.phase != PLAY:
            points = self.points
            scoring.score_hand(state, points)
            return points[scoring.TOTAL + team] - points[scoring.TOTAL + 1 - team]
        moves = self.buffers[depth]
        count = state.legal_moves(moves)
        if state.turn & 1 == team:
            best = -_INFINITY
            for i in range(count):
                state.apply(moves[i])
                score = self.value(state, team, depth + 1, alpha, beta)
                state.undo()
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
            return best
        best = _INFINITY
        for i in range(count):
            state.apply(moves[i])
            score = self.value(state, team, depth + 1, alpha, beta)
            state.undo()
            if score < best:
                best = score
                if score < beta:
                    beta = score
                    if alpha >= beta:
                        break
        return best
