"""Exact endgame solver: alpha-beta minimax to the end of the hand, team against team.

On a State whose four hands are all known (the true position, or one determinization), the
value of a position for ``team`` is that team's hand points minus the other team's (RULES §5,
scored by engine/scoring.py once the last card is played, the last taker's rest included,
C-12). Partners share a side, and the sides take turns at every play, so the search is
negamax: each side maximizes its own value, the other's negated.
``move_values`` gives the exact value of every root move, so a search bot can average them
over several determinizations: ``endgame_move`` does so for the master bot, over every
consistent deal of the hidden cards when its budget can solve them all, else over distinct
ones drawn at random.

Buffers: one move buffer per number of plies left in the hand, 1.._MAX_PLIES, each big enough
for the hand of the seat to play then: with ``left`` plies to go, each seat holds one card
for each of its plays still to come, ``ceil(left / 4)`` for the seat to play, and a card has
at most MAX_CARD_MOVES (engine/moves.py). The master bot solves only positions that fit them
(``solvable``: at most _MAX_PLIES to go, and each seat holding just the cards its plays to come
need).

Rules: C-12, C-14, C-15; RULES §5.
Allocation: none after construction; no recursion.
"""

from array import array

from engine import scoring
from engine.layout import PLAY
from engine.moves import MAX_CARD_MOVES
from engine.observe import HAND_COUNT, TURN

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


# Plies the solver looks ahead: the last two rounds, where the master bot solves; buffers for
# three rounds would hold 1.3 KB more on a board.
_MAX_PLIES = const(8)
MAX_HAND = const(2)  # cards per hand it handles: ceil(_MAX_PLIES / 4)
_INFINITY = const(1000)
# Solver positions per iteration of the master bot's budget. A deal with eight plays left takes
# about 75, so 5 solved a single deal at 20 iterations; 10 solves two, in about the time of a
# hand's first decision, and plays better on duplicate deals [derived].
_NODES = const(10)
# The most deals of the hidden cards listed to draw distinct ones from: the last two rounds
# have at most 90 (2 + 2 + 2 cards unseen), listed in about 0.3 ms on CPython [derived].
_LISTED = const(255)


def solvable(obs, left: int) -> bool:
    """Whether the solver can play out the last ``left`` plays of the position ``obs`` shows
    (engine/observe.py): few enough for its buffers, and each seat holding just the cards its
    turns in them need (a hand-made position may leave a seat short, or with more)."""
    if left > _MAX_PLIES:
        return False
    turn = obs[TURN]
    for ahead in range(4):  # the seat ``ahead`` turns from now plays ceil((left - ahead) / 4)
        need = (left - ahead + 3) // 4
        if need > MAX_HAND or obs[HAND_COUNT + ((turn + ahead) & 3)] != need:
            return False
    return True


class Solver:
    """Alpha-beta over apply/undo with preallocated move buffers (see the module docstring)."""

    def __init__(self) -> None:
        # buffers[left]: the moves of the seat to play with ``left`` plies to go
        self.buffers = tuple([0] * (MAX_CARD_MOVES * ((left + 3) // 4))
                             for left in range(_MAX_PLIES + 1))
        self.points = array("h", [0] * scoring.SIZE)
        # per ply below the position a search starts from: its window, best score so far,
        # number of moves and next move to try (_negamax)
        self.alphas = array("h", [0] * (_MAX_PLIES + 1))
        self.betas = array("h", [0] * (_MAX_PLIES + 1))
        self.bests = array("h", [0] * (_MAX_PLIES + 1))
        self.counts = bytearray(_MAX_PLIES + 1)
        self.nexts = bytearray(_MAX_PLIES + 1)
        self.nodes = 0  # positions visited since the last move_values
        self.limit = 0  # give up past this many positions (0: never)
        self.aborted = False  # the last move_values gave up: its values mean nothing

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
            # the full window is its own negation: the value for the side to play, turned
            # round when that is the other side (called here, not through a helper, for the
            # board's Python stack: this is the game's deepest call chain)
            value = self._negamax(state, -_INFINITY, _INFINITY)
            out[i] = value if state.turn & 1 == team else -value
            state.undo()
            if self.aborted:
                return False
        return True

    def _negamax(self, state, alpha: int, beta: int) -> int:
        """The value of ``state`` for the side to play, within (alpha, beta): alpha-beta in
        its negamax form, as the sides take turns at every play.

        A loop, not a recursion: the nodes on the way down keep their window, best score,
        number of moves and next move in the arrays below, one entry a ply, so a board's
        Python stack (CircuitPython's pystack) holds one call however many plays are left.
        """
        alphas = self.alphas
        betas = self.betas
        bests = self.bests
        counts = self.counts
        nexts = self.nexts
        buffers = self.buffers
        plies = state.rules.plies
        depth = 0
        alphas[0] = alpha
        betas[0] = beta
        while True:
            # A node at ``depth``: a finished hand gives its score; otherwise play its first
            # move and go down to the node that move makes, with the window turned round.
            self.nodes += 1
            if self.limit and self.nodes > self.limit:
                self.aborted = True  # move_values reports it
                for _ in range(depth):
                    state.undo()
                return 0
            if state.phase == PLAY:
                moves = buffers[plies - state.ply]
                counts[depth] = state.legal_moves(moves)
                nexts[depth] = 1
                bests[depth] = -_INFINITY
                state.apply(moves[0])
                depth += 1
                alphas[depth] = -betas[depth - 1]
                betas[depth] = -alphas[depth - 1]
                continue
            points = self.points
            scoring.score_hand(state, points)
            side = state.turn & 1  # the side that would play next
            score = points[scoring.TOTAL + side] - points[scoring.TOTAL + 1 - side]
            # Hand the score up to the nodes above until one has a move left to try.
            while depth:
                state.undo()
                depth -= 1
                score = -score
                if score > bests[depth]:
                    bests[depth] = score
                    if score > alphas[depth]:
                        alphas[depth] = score
                i = nexts[depth]
                if i < counts[depth] and alphas[depth] < betas[depth]:
                    nexts[depth] = i + 1
                    state.apply(buffers[plies - state.ply][i])
                    depth += 1
                    alphas[depth] = -betas[depth - 1]
                    betas[depth] = -alphas[depth - 1]
                    break
                score = bests[depth]  # every move tried, or cut off: this node is done
            else:
                return score


# -- the master bot's endgame: the solver's values averaged over the hidden deals ---------
def _solve_deal(bot, ordered, count: int, limit: int, weight: int) -> bool:
    """Add the values of the deal placed in ``bot.state``, solved, times ``weight`` into
    ``bot.total``; False, nothing added, when it needs more than ``limit`` (at least 1)
    solver positions."""
    values = bot.round
    if not bot.solver.move_values(bot.state, ordered, count, values, limit):
        return False
    total = bot.total
    for i in range(count):
        total[i] += values[i] * weight
    return True


def endgame_move(bot, moves, count: int, start: int) -> int:
    """The master bot's endgame (engine/bots/master.py binds it as ``MasterBot._endgame``):
    solve deals of the hidden cards exactly, within ``bot.iterations * _NODES`` solver
    positions, and average each root move's values; the index of the best in
    ``bot.candidates`` order, -1 when the budget solved no deal.

    When the consistent deals can be listed (at most _LISTED), the first is drawn from them
    at random, and its cost sets how many more the budget holds, drawn from the rest without
    repeats (selection sampling, Knuth's Algorithm S): all of them when the budget holds
    them, and with one possible deal that one, exactly (``bot.exact``). Each is weighed by
    the evidence (``Inference.deal_weight``). Otherwise deals are drawn at random, leaning
    on the evidence as they are. A deal that needs more than the budget has left ends the
    drawing, as does the deadline.
    Drawing with replacement solved some deals twice and missed others: 11 to 14 distinct of
    30 for 16 solved. A first deal drawn at random only to measure the cost, then left out
    of the average, took a deal's share of the budget, and each deal drawn after it could use
    all that was left after the first: the hard level solved one deal of nine for nothing,
    and used up to 862 positions of its 640 (playing as well as now: +0.01 points a hand,
    -0.01 to 0.03, at 20 and at 64 iterations) [derived].

    The loops are written here, not in a helper, for the board's Python stack: the solver's
    call under this one is the game's deepest call chain."""
    inference = bot.inference
    solver = bot.solver
    rng = bot.rng
    ordered = bot.moves  # the root moves in candidate order (no playout runs here)
    for i in range(count):
        ordered[i] = moves[bot.candidates[i]]
    total = bot.total
    for i in range(count):
        total[i] = 0
    budget = bot.iterations * _NODES  # solver positions, about a playout's time each
    listed = inference.count_deals(_LISTED)
    used = 0
    deals = 0
    # none listed only if no deal fits the evidence, never in play: the draws below then
    # fill the hands by their room alone (Inference.deal)
    if 0 < listed <= _LISTED:
        first = rng.below(listed)
        inference.next_deal(True)
        for _ in range(first):
            inference.next_deal(False)
        inference.place(bot.state)
        if not _solve_deal(bot, ordered, count, budget, inference.deal_weight()):
            return -1
        used = solver.nodes
        wanted = budget // used  # deals the budget holds at the first one's cost
        deals = 1
        seen = 0  # of the other listed - 1 deals
        index = 0
        more = inference.next_deal(True)
        while more and deals < wanted and used < budget and not bot._late(start):
            if index != first:
                # Algorithm S: take it with chance (wanted - deals) / (listed - 1 - seen)
                if (listed - 1 - seen <= wanted - deals
                        or rng.below(listed - 1 - seen) < wanted - deals):
                    inference.place(bot.state)
                    if not _solve_deal(bot, ordered, count, budget - used,
                                       inference.deal_weight()):
                        break
                    used += solver.nodes
                    deals += 1
                seen += 1
            index += 1
            more = inference.next_deal(False)
    else:
        while used < budget and not bot._late(start):
            inference.deal(bot.state, rng)
            if not _solve_deal(bot, ordered, count, budget - used, 1):
                break
            used += solver.nodes
            deals += 1
        if deals == 0:
            return -1
    bot.playouts = deals
    bot.exact = listed == 1
    best = 0
    for i in range(1, count):  # candidates are in prior order: ties keep the greedy pick
        if total[i] > total[best]:
            best = i
    return best
