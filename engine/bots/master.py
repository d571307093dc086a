"""The master bot: determinized Monte Carlo search, and an exact solver for the last rounds.

Each decision loads the public position from the seat's observation into a private State
(the table slot by slot, so moves mean the same there; the piles rebuilt from CAPTURED_AT),
asks engine/bots/inference.py who may hold the unseen cards, then:

* in the last two rounds (engine/bots/endgame.py ``solvable``), deals the hidden cards (every
  consistent deal when the budget can solve them all, else distinct ones drawn at random) and
  solves each deal exactly with engine/bots/endgame.py, averaging each move's point
  difference, each deal weighed by the evidence; with one possible deal the answer is exact;
* earlier, ranks the moves with a greedy score (what a move takes, a scopa, and the sweep it
  may leave to the next seat, C-14, weighed by the chance that this seat holds the card), puts
  the move of the rule-based Chitarrella player (engine/bots/chitarrella.py) among the best
  few when the score ranks it lower, and compares those few by paired playouts: every
  candidate is played out on the same determinization with the same random stream, by a
  greedy policy that sees the determinized hands, for _HORIZON plays (material and scope
  gained by each side) or to the end of the hand when that is near (exact hand points, RULES
  §5). The greedy score still counts in the final choice: a few playouts are noisy.

The side plays as a team: every value is the bot's team minus the other team. Budgets:
``iterations`` playouts a decision (0 = _DEFAULT_ITERATIONS) and ``deadline_ms`` (0 = none),
checked after every playout and every solved deal. It declares out as GreedyBot does.

With declaring out on, a capture that secures the points the side needs comes first: the
side then declares at its next turn and wins (``_winning_take``).

Rules: C-11, C-12, C-14, C-15, C-25, C-26; RULES §4, §5, §6.4.
Allocation: none per decision (all buffers are made in ``__init__``).
"""

from array import array

from engine import observe, scoring
from engine.bots.chitarrella import ChitarrellaBot
from engine.bots.endgame import Solver, endgame_move, solvable
from engine.bots.inference import Inference, load_position
from engine.capture import sweep_scores
from engine.cards import NO_CARD, VALUE
from engine.clock import ticks_diff, ticks_ms
from engine.layout import PLAY
from engine.moves import BIT_INDEX, MAX_MOVES, TABLE_MASK
from engine.rng import Rng
from engine.state import State

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


_DEFAULT_ITERATIONS = const(20)  # playouts a decision: the normal level's (make bench times it)
# Plays a playout looks ahead (the first included). Six played better than four, five, seven,
# eight or twelve on duplicate deals, and is faster than eight: a greedy playout's later
# plays add more noise than signal [derived].
_HORIZON = const(6)
_FULL_PLAYOUT = const(8)  # play to the end of the hand when at most this many plays remain
_MAX_CANDIDATES = const(8)
# Moves valued at once: the searched candidates, or every move of a hand of at most MAX_HAND
# cards in the endgame.
_VALUED = const(52)  # MAX_CARD_MOVES * MAX_HAND
# Paired playouts wanted per candidate: few candidates, sampled well. 16 searches four at the
# hard level's 64 iterations (two at normal, eight at desktop); with the Chitarrella player's
# move among them, four played better than 12's five: +0.075 (0.010 to 0.139) and +0.056
# (-0.011 to 0.122) on 2,000 duplicate deals each (seeds 100001 and 110001), about 5% more
# time a move. 32 (two) did as well, +0.080 and +0.050, for 13% more time; 20 (three)
# +0.043 (seed 100001) [derived].
_MIN_ROUNDS = const(16)
_EXPLORE = const(16)  # a playout plays a random move once in _EXPLORE turns
_POINT = const(100)  # the unit of values: a point is 100
_CARD = const(8)  # worth of a card for carte, in hundredths of a point [derived]
_DENARO = const(10)
_SETTEBELLO = const(100)
# Under napola (RULES §5.3) the ace, two and three of coins start the run that scores. 60 on
# each played +0.22 points a hand (0.13 to 0.31) in the assi preset at 20 iterations, 30
# +0.15, 100 +0.22 (2,000 duplicate deals, seed 220001; 30 +0.18 on seed 230001), and 60
# +0.33 (0.24 to 0.43) at the hard level's 64 (seed 240001) [derived]. Re bello on the king
# of coins, tried alike, played worse: -0.07 (-0.14 to -0.01) at 100 (veneto, seed 220001)
# [derived].
_NAPOLA = const(60)
_SCOPA = const(100)
_PRIMIERA = b"\x05\x00\x00\x00\x00\x08\x14\x00\x00\x00"  # extra for A..K: aces, sixes, sevens
_PRIOR_SHARE = const(2)  # the final choice adds the greedy score divided by this
_CERTAIN = const(1024)  # chances are fixed point: 1024 is certain
_INFINITY = const(1000000)

ONLY_MOVE = const(1)
SEARCHED = const(2)
EXACT = const(3)
ENDGAME = const(4)
QUICK = const(5)
WINS = const(6)


class MasterBot:
    """Search bot (see the module docstring)."""

    needs_observation = True
    REASON_KIND = "master"  # the words of ``reason``: engine/bots/reasons.py MASTER

    def __init__(self, rules, seed: int = 1, iterations: int = 0, deadline_ms: int = 0) -> None:
        self.rules = rules
        self.iterations = iterations if iterations > 0 else _DEFAULT_ITERATIONS
        self.deadline_ms = deadline_ms
        self.rng = Rng(seed & 0x3FFFFFFF)
        self.state = State(rules)
        self.inference = Inference(rules)
        self.solver = Solver()
        self.teacher = ChitarrellaBot(rules, True)  # a candidate the greedy score passes over
        self.moves = [0] * MAX_MOVES  # the playouts' move buffer
        self.candidates = bytearray(MAX_MOVES)  # root moves by index (all below 256), best first
        self.prior = array("h", [0] * MAX_MOVES)  # greedy scores: a few thousand at most
        self.total = array("i", [0] * _VALUED)  # summed values per candidate
        self.round = array("i", [0] * _VALUED)  # values of the round in progress
        self.points = array("h", [0] * scoring.SIZE)
        # value 1..10 -> chance that the next seat holds a card of it, in _CERTAIN parts
        self.hold = array("h", [0] * 11)
        self.worth = bytearray(40)
        for card in range(40):
            worth = _CARD + _PRIMIERA[card % 10]
            if card < 10:
                worth += _DENARO
                if card < 3 and rules.napola_cap:
                    worth += _NAPOLA
            self.worth[card] = worth + (_SETTEBELLO if card == 6 else 0)
        self.gain = 0  # what the policy's last move took
        self.reason = 0
        self.playouts = 0  # playouts (or solved deals) of the last decision
        self.exact = False  # the last endgame had one possible deal (endgame_move)

    def reset(self, seed: int) -> None:
        """Restart the bot's random stream."""
        self.rng.seed(seed & 0x3FFFFFFF)

    def wants_declare(self, obs) -> bool:
        """Declare out once the side's secured points reach the target (C-26)."""
        return observe.may_declare_out(obs, self.rules)

    def choose(self, obs, moves, count: int) -> int:
        """The best of ``moves[:count]`` for the bot's side, within the budgets."""
        self.playouts = 0
        if count == 1:
            self.reason = ONLY_MOVE
            return moves[0]
        start = ticks_ms()
        load_position(self.state, obs)
        if self.rules.declare_out:
            won = self._winning_take(obs, moves, count)
            if won >= 0:
                self.reason = WINS
                return won
        self.inference.update(obs)
        candidates = self._rank(obs, moves, count)
        best = -1
        if solvable(obs, self.rules.plies - obs[observe.PLY]):
            best = self._endgame(moves, count, start)  # values every move: nothing to teach
            self.reason = EXACT if self.exact else ENDGAME
        if best < 0:  # too big to solve in the budget
            if candidates < count:
                self._teach(obs, moves, count, candidates)
            best = self._search(moves, candidates, start)
        return moves[self.candidates[best]]

    def determinize(self, obs) -> None:
        """Load ``obs``'s position into ``self.state`` with one deal of the hidden cards
        (``self.inference`` then holds what the seat may infer): for tests and debugging."""
        load_position(self.state, obs)
        self.inference.update(obs)
        self.inference.deal(self.state, self.rng)

    def _winning_take(self, obs, moves, count: int) -> int:
        """A capture of ``moves[:count]`` after which the side's secured points reach the
        target, or -1. The side then declares out at its next turn and wins, at the best grade
        it can still have (C-26, C-25; RULES §6.4: secured points are never lost); the hand's
        points no longer matter. Not when:
        - the other side has secured enough already: it declares at its turn, which comes
          first (had it had enough earlier, it would have declared then);
        - in overtime, where a claim needs the lead, which the other side's answer may take;
        - on the hand's last two plays: the side has no turn left to declare at, and
          end_hand scores the hand."""
        rules = self.rules
        team = obs[observe.SEAT] & 1
        needed = rules.target - obs[observe.SCORE + team]
        other = 1 - team
        if (needed <= 0 or obs[observe.PLY] + 2 >= rules.plies
                or obs[observe.SCORE + other] + obs[observe.SECURED + other] >= rules.target):
            return -1
        state = self.state
        points = self.points
        for i in range(count):
            move = moves[i]
            if move >= 64:  # a capture (a trail takes nothing, so secures nothing)
                state.apply(move)
                state.declaring.secured(state, points)
                state.undo()
                if points[scoring.TOTAL + team] >= needed:
                    return move
        return -1

    # -- move scores ----------------------------------------------------------------------

    def _score(self, move: int, total: int, cards: int, final: bool, risk: bool) -> int:
        """Greedy score of ``move`` on the private State's table adding up to ``total`` with
        ``cards`` cards; with ``risk``, less the sweep the next seat may then make, weighed by
        the chances in ``hold``. Sets ``self.gain`` to what the move takes."""
        state = self.state
        worth = self.worth
        card = move & 63
        if move >= 64:  # a capture, the card itself included
            gain = worth[card]
            take = (move >> 6) & TABLE_MASK
            bits = take
            while bits:
                bit = bits & -bits
                bits ^= bit
                taken = state.table[BIT_INDEX[bit % 37]]
                gain += worth[taken]
                total -= VALUE[taken]
                cards -= 1
            if take and cards == 0 and not final and sweep_scores(self.rules, move):
                gain += _SCOPA  # C-14; none on the final play (C-15)
            score = gain
        else:  # a trail gives the card away
            gain = 0
            score = -worth[card]
            total += VALUE[card]
            cards += 1
        self.gain = gain
        if risk and cards and not final:
            # The card of value ``total`` sweeps (C-14). Not counted, here or in the playouts:
            # an ace that sweeps any table for a scopa (RULES §7), which played 0.23 points a
            # hand worse (0.10 to 0.37) in assi with ace_sweep_scores_scopa and
            # ace_on_empty_table=stays, as it kept aces on the table for the next seat to take,
            # and 0.02 (-0.08 to 0.13, not told apart) with the first alone (1,000 duplicate
            # deals, seed 910001). A lone ace still counts where aces never make a scopa: not
            # counting it played 0.06 (-0.12 to 0.00) and 0.04 (-0.12 to 0.04) worse in assi
            # with stays (1,500 and 1,000 deals, seeds 930001, 800001) and 0.02 (-0.01 to 0.04)
            # better dealt 9+4 (seed 910001), none of them told apart from none [derived].
            if total <= 10:
                score -= (_SCOPA + 2 * cards * _CARD) * self.hold[total] // _CERTAIN
        return score

    def _table(self) -> int:
        """The private table's total value (the card count is state.table_count)."""
        state = self.state
        total = 0
        occupied = state.occupied
        while occupied:
            bit = occupied & -occupied
            occupied ^= bit
            total += VALUE[state.table[BIT_INDEX[bit % 37]]]
        return total

    def _chances(self, obs) -> None:
        """Fill ``hold`` for the next seat: its hand is taken as a uniform draw from the cards
        it may hold (inference.py), so it holds none of the k of a value with the chance
        (n - h)/n * (n - h - 1)/(n - 1) * ... (k factors; n cards it may hold, h in its hand).
        Counting every value it may hold as held would make every trail look as risky early in
        the hand; the chance ranks the moves better on duplicate deals [derived]."""
        weight = self.inference.weight
        following = (obs[observe.SEAT] + 1) & 3
        base = following * 40
        held = obs[observe.HAND_COUNT + following]
        possible = 0
        for card in range(40):
            if weight[base + card]:
                possible += 1
        hold = self.hold
        for value in range(1, 11):
            none = _CERTAIN  # the chance it holds no card of ``value``
            left = possible
            for card in range(base + value - 1, base + 40, 10):  # the four suits
                if weight[card]:
                    none = none * (left - held) // left if left > held else 0
                    left -= 1
            hold[value] = _CERTAIN - none

    def _rank(self, obs, moves, count: int) -> int:
        """Order the moves' indexes in ``candidates``, best greedy score first (``prior``
        holds the scores); returns how many are worth searching. The next seat threatens a
        sweep with the chance that it holds the card (``_chances``)."""
        state = self.state
        self._chances(obs)
        total = self._table()
        final = obs[observe.PLY] + 1 == self.rules.plies
        candidates = self.candidates
        prior = self.prior
        for i in range(count):
            move = moves[i]
            score = self._score(move, total, state.table_count, final, True)
            j = i  # insertion sort, best first
            while j and prior[j - 1] < score:
                candidates[j] = candidates[j - 1]
                prior[j] = prior[j - 1]
                j -= 1
            candidates[j] = i
            prior[j] = score
        wanted = self.iterations // _MIN_ROUNDS
        if wanted < 2:
            wanted = 2
        if wanted > _MAX_CANDIDATES:
            wanted = _MAX_CANDIDATES
        return count if count < wanted else wanted

    def _teach(self, obs, moves, count: int, searched: int) -> None:
        """Put the Chitarrella player's move last of the ``searched`` candidates when the
        greedy score ranks it below them; the others keep their order. Its rules (pairs kept
        or broken, doubles led, the sevens, C-28 to C-39) see past a playout's greedy plays:
        searching its move instead of the second best greedy move played better, +0.106
        points a hand (0.047 to 0.165, 2,000 duplicate deals, seed 70001) and +0.145 (0.086 to
        0.203, seed 80001) at 20 iterations, for about 6% more time a move (at 64 with five
        candidates, which mostly held it already, +0.004). Its gain - risk alone, without
        those rules, did not help (-0.034), nor did searching it as a third candidate do better
        (+0.114, seed 70001), nor adding its rules' bonus to the greedy score (+0.037, +0.023)
        [derived]."""
        move = self.teacher.choose(obs, moves, count)
        candidates = self.candidates
        prior = self.prior
        j = 0
        while moves[candidates[j]] != move:
            j += 1
        last = searched - 1
        if j <= last:
            return
        index = candidates[j]
        score = prior[j]
        while j > last:  # the candidates between move down one place
            candidates[j] = candidates[j - 1]
            prior[j] = prior[j - 1]
            j -= 1
        candidates[last] = index
        prior[last] = score

    # -- playouts -------------------------------------------------------------------------

    def _policy(self) -> int:
        """The rollout move: greedy, knowing the determinized next hand; sometimes random.
        Sets ``self.gain``. The scoring of ``_score`` is inlined here: this is the hot loop."""
        state = self.state
        moves = self.moves
        count = state.legal_moves(moves)
        final = state.ply + 1 == self.rules.plies
        rng = self.rng
        if count > 1 and rng.below(_EXPLORE) == 0:
            move = moves[rng.below(count)]
            self._score(move, self._table(), state.table_count, final, False)
            return move
        table = state.table
        worth = self.worth
        threat = 0
        if not final:
            for card in state.hands[(state.turn + 1) & 3]:
                if card == NO_CARD:
                    break
                threat |= 1 << VALUE[card]
        total = self._table()
        cards = state.table_count
        best = moves[0]
        best_score = -_INFINITY
        best_gain = 0
        for i in range(count):
            move = moves[i]
            if move >= 64:  # a capture, the card itself included
                gain = worth[move & 63]
                take = (move >> 6) & TABLE_MASK
                left = total
                left_cards = cards
                bits = take
                while bits:
                    bit = bits & -bits
                    bits ^= bit
                    taken = table[BIT_INDEX[bit % 37]]
                    gain += worth[taken]
                    left -= VALUE[taken]
                    left_cards -= 1
                if take and left_cards == 0 and not final and sweep_scores(self.rules, move):
                    gain += _SCOPA  # C-14; none on the final play (C-15)
                score = gain
            else:  # a trail gives the card away
                gain = 0
                score = -worth[move]
                left = total + VALUE[move]
                left_cards = cards + 1
            if left_cards and left <= 10 and threat >> left & 1:
                score -= _SCOPA + 2 * left_cards * _CARD
            if score > best_score:
                best_score = score
                best = move
                best_gain = gain
        self.gain = best_gain
        return best

    def _playout(self, move: int, team: int, full: bool) -> int:
        """Value for ``team`` of ``move`` then policy play, _HORIZON plays or to the end."""
        state = self.state
        self._score(move, self._table(), state.table_count,
                    state.ply + 1 == self.rules.plies, False)
        value = self.gain
        state.apply(move)
        plies = 1
        # A hand-made position may leave a seat without cards before the last ply: stop there.
        while state.phase == PLAY and state.hand_count[state.turn] and (full or plies < _HORIZON):
            own = state.turn & 1 == team
            policy_move = self._policy()
            value += self.gain if own else -self.gain
            state.apply(policy_move)
            plies += 1
        if state.phase != PLAY:
            points = self.points
            scoring.score_hand(state, points)
            value = (points[scoring.TOTAL + team] - points[scoring.TOTAL + 1 - team]) * _POINT
        for _ in range(plies):
            state.undo()
        return value

    def _search(self, moves, candidates: int, start: int) -> int:
        """Paired playouts over the first ``candidates`` root moves (of ``moves``, in
        ``self.candidates`` order); the index of the best in that order."""
        state = self.state
        rng = self.rng
        total = self.total
        values = self.round
        team = state.turn & 1
        full = self.rules.plies - state.ply <= _FULL_PLAYOUT
        for i in range(candidates):
            total[i] = 0
        rounds = 0
        used = 0
        while used + candidates <= self.iterations or rounds == 0:
            self.inference.deal(state, rng)
            s1 = rng.s1
            s2 = rng.s2
            s3 = rng.s3
            late = False
            for i in range(candidates):
                rng.s1 = s1  # the same random stream for every candidate
                rng.s2 = s2
                rng.s3 = s3
                values[i] = self._playout(moves[self.candidates[i]], team, full)
                used += 1
                if self._late(start):
                    late = True
                    break
            if late:
                break
            for i in range(candidates):
                total[i] += values[i]
            rounds += 1
        self.playouts = used
        if rounds == 0:
            self.reason = QUICK
            return 0
        self.reason = SEARCHED
        best = 0
        best_value = -_INFINITY
        for i in range(candidates):
            # The greedy score weighs in: it breaks ties, and it steadies a choice made on a
            # few noisy playouts (more weight than a quarter played better [derived]).
            value = total[i] // rounds + self.prior[i] // _PRIOR_SHARE
            if value > best_value:
                best_value = value
                best = i
        return best

    def _late(self, start: int) -> bool:
        return self.deadline_ms > 0 and ticks_diff(ticks_ms(), start) >= self.deadline_ms

    # _endgame(moves, count, start) -> the best candidate's index, or -1: the exact solver's
    # values averaged over the deals of the hidden cards. Written in engine/bots/endgame.py,
    # so that a board compiling this module from .py needs 5 KB less heap for it.
    _endgame = endgame_move

