"""The greedy bot: the most valuable immediate capture, without leaving the next player a sweep.

Each move is scored from the seat's observation alone: what it takes (cards, denari, the
settebello, primiera cards, a scopa), what a trail gives away, and a penalty when the table
it leaves adds up to a value the next player may still hold, so that one card would sweep it
(C-14); a lone ace left is no risk where an ace's take of it scores no scopa (RULES §7).
Ties go to the first move in the list. It declares out as soon as its side's secured points
reach the target (RULES §6.4).

Rules: C-11, C-14, C-15; RULES §6.4, §7.
Allocation: none per decision.
"""

from engine import observe
from engine.capture import sweep_scores
from engine.cards import NO_CARD, VALUE
from engine.moves import ACE_SWEEP, TABLE_MASK

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


_CARD_WORTH = const(10)  # every card counts towards carte
_DENARO_WORTH = const(6)
_SETTEBELLO_WORTH = const(60)
_SCOPA_WORTH = const(120)
_SWEEP_RISK = const(100)  # leaving a table the next player can sweep
# Extra worth by rank A..K for the primiera (sevens, sixes and aces matter most, C-18).
_PRIMIERA_WORTH = b"\x04\x00\x00\x00\x01\x06\x0c\x00\x00\x00"


def card_worth(card: int) -> int:
    """How much taking ``card`` is worth to the greedy bot."""
    worth = _CARD_WORTH + _PRIMIERA_WORTH[card % 10]
    if card < 10:
        worth += _DENARO_WORTH
        if card == 6:
            worth += _SETTEBELLO_WORTH
    return worth


class GreedyBot:
    """See the module docstring."""

    needs_observation = True

    def __init__(self, rules) -> None:
        self.rules = rules
        # an ace taking a lone ace (move 0: the ace of coins, a sweep where an ace on an ace
        # sweeps): a scopa as RULES §7 scores it
        self.lone_ace_scopa = sweep_scores(rules, ACE_SWEEP if rules.ace_on_ace_sweeps else 0)

    def reset(self, seed: int) -> None:
        """Nothing to reset: the greedy bot is deterministic."""

    def choose(self, obs, moves, count: int) -> int:
        """The best of ``moves[:count]`` by the score described in the module docstring."""
        rules = self.rules
        final = obs[observe.PLY] + 1 == rules.plies
        table_total = 0
        table_count = 0
        for slot in range(16):
            card = obs[observe.TABLE_SLOTS + slot]
            if card != NO_CARD:
                table_total += VALUE[card]
                table_count += 1
        best = moves[0]
        best_score = -100000
        for i in range(count):
            move = moves[i]
            card = move & 63
            take = (move >> 6) & TABLE_MASK
            left_total = table_total
            left_count = table_count
            if move >= 64:  # a capture, the card itself included
                score = card_worth(card)
                for slot in range(16):
                    if take >> slot & 1:
                        taken = obs[observe.TABLE_SLOTS + slot]
                        score += card_worth(taken)
                        left_total -= VALUE[taken]
                        left_count -= 1
                if take and left_count == 0 and not final and sweep_scores(rules, move):
                    score += _SCOPA_WORTH
            else:  # a trail gives the card away
                score = -card_worth(card)
                left_total += VALUE[card]
                left_count += 1
            if left_count and not final and self.sweepable(obs, left_total):
                score -= _SWEEP_RISK + 2 * left_count * _CARD_WORTH
            if score > best_score:
                best_score = score
                best = move
        return best

    def sweepable(self, obs, total: int) -> bool:
        """Could one unseen card sweep a table of cards adding up to ``total`` for a scopa?

        Cards adding up to at most 10 are swept by a card of that value (C-14): with two or
        more cards none can equal the total, so C-11's equal-card priority never stops it. A
        lone ace is swept by an ace, for a scopa only as the ace rules say (``lone_ace_scopa``):
        leaving one where it is not played 0.02 points a hand better (0.00 to 0.04) in assi
        dealt 9+4, and 0.08 (-0.04 to 0.19, not told apart from none) with
        ``ace_on_empty_table=stays`` (2,000 duplicate deals each, seed 900001) [derived].
        Where an ace's sweep of any table scores (``ace_sweep_scores_scopa``, RULES §7), an
        unseen ace is no risk counted here: counting it for every table but one holding an
        ace (which an ace takes alone) played worse, by 0.14 points a hand (0.07 to 0.20) in
        assi with that rule and by 0.26 (0.17 to 0.35) with ``ace_on_empty_table=stays`` too
        (2,000 duplicate deals each, seed 920001): it kept aces on the table for the next seat
        to take [derived].
        """
        if total > 10 or total == 1 and not self.lone_ace_scopa:
            return False
        for suit in range(4):
            if obs[observe.CARD + suit * 10 + total - 1] == observe.UNSEEN:
                return True
        return False

    def wants_declare(self, obs) -> bool:
        """Declare out once the side's secured points reach the target (C-26)."""
        return observe.may_declare_out(obs, self.rules)
