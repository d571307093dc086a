"""Chitarrella's bot: a rule-based player built on Chitarrella's strategic rules 28 to 44.

Every legal move gets a score in hundredths of a point, the sum of three parts:

* gain: what the capture puts in the side's pile (cards, denari, settebello, primiera cards,
  a scopa; at the end of the hand the rest of the table too, C-12), or a trail's cost;
* risk: the best the next player (an opponent) can expect to take from the table left behind,
  weighting each capture by the chance that he holds a card of that value. The chance is
  counted from the cards not yet seen and his hand count, so at the end it becomes exact
  (C-41 "fare il quarantotto": a card nobody can match is safe, a known card is a sure loss);
* strategy: Chitarrella's advice. The dealer's side keeps the values paired, the other side
  breaks them (C-28, C-43; the dealer without sevens breaks the sevens, C-35); lead a card you
  hold twice (C-31, sevens too, C-33, but a dealer with two sevens keeps them for last); leave
  the partner's double (C-32) and sevens as C-36 says; take a seven when you hold the
  settebello or two sevens (C-37); play one of three alike early (C-39); late in the hand play
  the odd seven (C-30). The settebello is taken at once, and a trailed one counts as lost
  (C-34).

The move with the best total is played; ``reason`` names the part that made it differ from
the most valuable capture (its words are engine/bots/reasons.py ``CHITARRELLA``). Declaring
out is as GreedyBot (C-26; RULES §6.4).

The ``careful`` bot is this player without the strategy part (``strategy=False``): gain and
risk only, with the count of the unseen cards. He sits between ``greedy`` and the whole
player (sim/arena.py): a board that cannot hold the search plays him at ``normal`` and the
whole player at ``hard`` (engine/bots/levels.py).

Rules: C-11, C-12, C-14, C-15, C-28, C-30 to C-37, C-39, C-41, C-43, C-44; RULES §6.4, §7.
Allocation: none per decision (buffers made in ``__init__``).
"""

from array import array

from engine import observe
from engine.capture import sweep_scores
from engine.cards import NO_CARD, SETTEBELLO, VALUE
from engine.moves import SELF_TAKE, TABLE_MASK

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


# Worth of a card to the side that takes it, in hundredths of a point (C-16).
# _CARD, _SWEPT and _TRAIL_COST were tuned in the thirty-seventh session, one weight at a
# time against the bot as it was (10, 130 and 8, which the master bot's teacher keeps, below),
# then checked on fresh deals: +0.041 points a hand in 36,000 duplicate deals on five seeds
# (+0.056, 0.034 to 0.078, in 10,000 from seed 500000), and against greedy +0.28 where the
# old weights made +0.22 (6,000 deals). The three go together: cards worth 15 with sweeps
# at 130 played 0.040 worse (8,000 deals), sweeps at 195 alone no better. Halving or raising
# by half any other weight, or the primiera worths together, gained nothing [derived].
_CARD = const(15)  # every card counts towards carte
_DENARO = const(8)
_SETTEBELLO = const(70)
_RE_BELLO = const(70)  # re_bello (RULES §5.3)
_NAPOLA = const(10)  # each of the denari A 2 3 under napola
_SCOPA = const(130)  # C-14
# A sweep the next player may make weighs more than one made: his side then has the lead on
# an empty table as well. At 260, 350 and 450 the bot gave up fewer scope but more points
# elsewhere (+0.029, +0.021, +0.011 over the old weights, against +0.052 at 195).
_SWEPT = const(195)
# Primiera worth by rank A..K (C-18: sevens, sixes and aces matter most).
_PRIMIERA_WORTH = b"\x06\x00\x00\x00\x02\x0a\x14\x00\x00\x00"  # 6 0 0 0 2 10 20 0 0 0

# Strategy weights.
_PAIR = const(6)  # per value kept paired or broken (C-28)
_DOUBLE = const(12)  # leading a card held twice (C-31)
_SEVEN_DOUBLE = const(6)  # risking one of two or three sevens (C-33)
_DEALER_SEVENS = const(35)  # a dealer playing one of two sevens early (C-33)
_LEAVE_DOUBLE = const(25)  # taking the partner's double (C-32)
_LEAVE_SEVEN = const(60)  # taking a seven C-36 leaves to another
_TAKE_SEVEN = const(20)  # taking a seven C-36/C-37 ask for
_THREE = const(10)  # playing one of three alike early (C-39)
_ODD_SEVEN = const(15)  # the odd seven late in the hand (C-30)
_TRAIL_COST = const(12)  # sixteenths of a trailed card's worth given away
_PLAIN = const(8)  # sixteenths of a capture that is no scopa counted as risk
# The master bot's teacher (engine/bots/master.py) keeps the weights the player was written
# with: his move is worth searching because the greedy ranking passes it over, and with the
# tuned weights it is more often one the ranking already holds. The master at 20 iterations
# played 0.032 (0.008 to 0.056) and 0.014 (-0.017 to 0.044) points a hand worse with them
# (3,000 and 2,000 duplicate deals), and worse with either part of them alone.
_TEACHER_CARD = const(10)
_TEACHER_SWEPT = const(130)
_TEACHER_TRAIL_COST = const(8)
_ONE = const(1024)  # probabilities are fixed point: 1024 is certain

# Reason codes: indexes into engine/bots/reasons.py CHITARRELLA.
_ONLY = const(1)
_SCOPA_NOW = const(2)
_SETTEBELLO_NOW = const(3)
_TAKE_SEVEN_37 = const(4)
_TAKE_SEVEN_36 = const(5)
_LEAVE_PARTNER_SEVEN = const(6)
_LEAVE_DEALER_SEVEN = const(7)
_LEAVE_DOUBLE_32 = const(8)
_LEAD_DOUBLE = const(9)
_RISK_SEVEN = const(10)
_KEEP_SEVENS = const(11)
_THREE_ALIKE = const(12)
_KEEP_PAIRS = const(13)
_BREAK_PAIRS = const(14)
_BREAK_SEVENS = const(15)
_ODD_SEVEN_30 = const(16)
_NO_SWEEP = const(17)
_NO_GIFT = const(18)
_COUNTED = const(19)
_BEST_TAKE = const(20)
_CHEAP_TRAIL = const(21)


class ChitarrellaBot:
    """See the module docstring."""

    needs_observation = True
    REASON_KIND = "chitarrella"  # the words of ``reason``: engine/bots/reasons.py CHITARRELLA

    def __init__(self, rules, teacher: bool = False, strategy: bool = True) -> None:
        """``teacher``: the weights the master bot's search wants a candidate from (above);
        ``strategy`` False: the ``careful`` bot, without Chitarrella's advice (C-28 to C-39).
        A hint may set ``strategy`` for one decision (lib/hints.py)."""
        self.rules = rules
        self.reason = 0
        self.strategy = strategy
        self.swept = _TEACHER_SWEPT if teacher else _SWEPT
        self.trail_cost = _TEACHER_TRAIL_COST if teacher else _TRAIL_COST
        each = _TEACHER_CARD if teacher else _CARD
        worth = bytearray(40)  # card -> worth to the side taking it
        for card in range(40):
            value = each + _PRIMIERA_WORTH[card % 10]
            if card < 10:
                value += _DENARO
                if card == 6:
                    value += _SETTEBELLO
                if card == 9 and rules.re_bello:
                    value += _RE_BELLO
                if card < 3 and rules.napola_cap:
                    value += _NAPOLA
            worth[card] = value
        self.worth = worth
        self.unseen = bytearray(11)  # value -> cards of it nobody has shown
        self.live = bytearray(11)  # value -> cards of it not yet captured (C-28 parity)
        self.mine = bytearray(11)  # value -> cards of it in this hand
        self.hold = array("h", [0] * 11)  # value -> chance the next player holds one, /1024
        self.sums = array("h", [0] * 11)  # knapsack: best worth of table cards adding up to v
        self.equal = array("h", [0] * 11)  # best worth of one table card of value v, -1 none
        # Set by the helpers for the move being scored (ints, so writing them is free).
        self.code = 0
        self.term = 0
        self.sweep = False
        self.scopa = False
        # Set by _survey for the decision.
        self.final = False  # this play ends the hand (C-12, C-15)
        self.next_final = False  # the next player's play ends it
        self.dealer_side = False  # this seat is the dealer or his partner (C-28)
        # C-41's moment: the dealer down to two cards, the others to one, when counting the
        # cards names who holds what ("fare il quarantotto")
        self.quarantotto = False

    def reset(self, seed: int) -> None:
        """Nothing to reset: the bot is deterministic."""

    def wants_declare(self, obs) -> bool:
        """Declare out once the side's secured points reach the target (C-26)."""
        return observe.may_declare_out(obs, self.rules)

    def choose(self, obs, moves, count: int) -> int:
        """The best of ``moves[:count]`` by gain - risk + strategy; sets ``reason``."""
        if count == 1:
            self.reason = _ONLY
            return moves[0]
        self._survey(obs)
        worth = self.worth
        table_worth = 0
        for slot in range(16):
            card = obs[observe.TABLE_SLOTS + slot]
            if card != NO_CARD:
                table_worth += worth[card]
        # The best move by total, by gain - risk (no strategy) and by gain alone (greedy):
        # which of them differ tells the reason.
        best = plain = greedy = moves[0]
        best_total = plain_total = greedy_gain = -100000
        best_term = best_code = plain_term = plain_code = best_risk = 0
        best_sweep = best_scopa = greedy_sweep = False
        for i in range(count):
            move = moves[i]
            gain = self._gain(obs, move, table_worth)
            risk = self._risk(obs, move)
            bonus = self._strategy(obs, move)
            if gain - risk + bonus > best_total:
                best_total = gain - risk + bonus
                best = move
                best_term = self.term
                best_code = self.code
                best_risk = risk
                best_sweep = self.sweep
                best_scopa = self.scopa
            if gain - risk > plain_total:
                plain_total = gain - risk
                plain = move
                plain_term = self.term
                plain_code = self.code
            if gain > greedy_gain:
                greedy_gain = gain
                greedy = move
                greedy_sweep = self.sweep
        if best != plain:  # Chitarrella's advice decided: its bonus here or penalty there
            if best_term > 0 and best_term >= -plain_term:
                self.reason = best_code
            else:
                self.reason = plain_code
        elif best != greedy:  # the next player's answer decided
            if self.quarantotto and not best_risk:
                self.reason = _COUNTED  # C-41: the count names who holds what
            else:
                self.reason = _NO_SWEEP if greedy_sweep and not best_sweep else _NO_GIFT
        else:
            self.reason = self._capture_reason(obs, best, best_scopa, best_term, best_code)
        return best

    def _capture_reason(self, obs, move, scopa, term, code) -> int:
        """Why the most valuable move is played (it was also the best in total)."""
        if move < 64:
            return code if term > 0 else _CHEAP_TRAIL
        if scopa:
            return _SCOPA_NOW  # C-14
        take = (move >> 6) & TABLE_MASK
        for slot in range(16):
            if take >> slot & 1 and obs[observe.TABLE_SLOTS + slot] == 6:
                return _SETTEBELLO_NOW  # C-34
        return code if term > 0 else _BEST_TAKE

    def _survey(self, obs) -> None:
        """Per-value counts, the next player's chances of holding each value, the hand phase."""
        unseen = self.unseen
        live = self.live
        mine = self.mine
        for value in range(11):
            unseen[value] = 0
            live[value] = 0
            mine[value] = 0
        pool = 0
        for card in range(40):
            status = obs[observe.CARD + card]
            value = VALUE[card]
            if status == observe.UNSEEN:
                unseen[value] += 1
                live[value] += 1
                pool += 1
            elif status == observe.MINE:
                mine[value] += 1
                live[value] += 1
            elif status == observe.ON_TABLE:
                live[value] += 1
        seat = obs[observe.SEAT]
        ply = obs[observe.PLY]
        plies = self.rules.plies
        self.final = ply + 1 >= plies
        self.next_final = ply + 2 == plies
        self.dealer_side = (obs[observe.DEALER] & 1) == (seat & 1)
        self.quarantotto = obs[observe.DEALER] == seat and ply + 5 == plies
        hold = self.hold
        # C-41: a hand of h cards drawn from the pool of unseen cards holds none of the u
        # unseen cards of a value with chance C(pool - u, h) / C(pool, h); exact when h is the
        # whole pool, and 0 when no card of the value is left unseen.
        hand = obs[observe.HAND_COUNT + ((seat + 1) & 3)]
        for value in range(1, 11):
            copies = unseen[value]
            none = _ONE
            if copies == 0 or hand == 0:
                hold[value] = 0
                continue
            for i in range(hand):
                if pool - copies - i <= 0:
                    none = 0
                    break
                none = none * (pool - copies - i) // (pool - i)
            hold[value] = _ONE - none

    def _gain(self, obs, move, table_worth) -> int:
        """What ``move`` takes, a scopa included (C-14, C-15), or what a trail gives away."""
        worth = self.worth
        card = move & 63
        self.scopa = False
        if move < 64:
            if card == SETTEBELLO:
                # C-34: the settebello is a point and the heart of the primiera; trailed, it
                # is as good as gone (a seven takes it, or a sum of 8 to 10), not half gone.
                return -worth[card]
            return -(worth[card] * self.trail_cost >> 4)
        take = (move >> 6) & TABLE_MASK
        gain = worth[card]
        if self.final:  # C-12: the last capture takes the whole table
            return gain + table_worth
        left = 0
        for slot in range(16):
            taken = obs[observe.TABLE_SLOTS + slot]
            if taken != NO_CARD:
                if take >> slot & 1:
                    gain += worth[taken]
                else:
                    left += 1
        rules = self.rules
        if take and left == 0 and sweep_scores(rules, move):
            gain += _SCOPA  # C-14; aces under RULES §7
            self.scopa = True
        return gain

    def _risk(self, obs, move) -> int:
        """The best the next player can expect to take from the table ``move`` leaves.

        Sets ``sweep`` when that capture is a scopa.
        """
        self.sweep = False
        if self.final:
            return 0
        worth = self.worth
        sums = self.sums
        equal = self.equal
        for value in range(11):
            sums[value] = -1
            equal[value] = -1
        sums[0] = 0
        take = (move >> 6) & TABLE_MASK if move >= 64 else 0
        left_count = 0
        left_total = 0
        left_worth = 0
        for slot in range(17):
            if slot == 16:
                card = move & 63 if move < 64 else NO_CARD  # a trailed card joins the table
            else:
                card = obs[observe.TABLE_SLOTS + slot]
                if take >> slot & 1:
                    continue
            if card == NO_CARD:
                continue
            value = VALUE[card]
            card_worth = worth[card]
            left_count += 1
            left_total += value
            left_worth += card_worth
            if card_worth > equal[value]:
                equal[value] = card_worth
            top = 10
            while top >= value:  # 0/1 knapsack over the table, best worth per sum
                below = sums[top - value]
                if below >= 0 and below + card_worth > sums[top]:
                    sums[top] = below + card_worth
                top -= 1
        if left_count == 0:
            return 0
        rules = self.rules
        hold = self.hold
        risk = 0
        for value in range(1, 11):
            chance = hold[value]
            if chance == 0:
                continue
            if equal[value] >= 0 and rules.equal_priority:
                got = equal[value]  # C-11: an equal card beats a sum
                whole = left_count == 1
            else:
                got = sums[value]
                whole = left_total == value
            scopa = not rules.ace_never_scopa or value > 1
            # An ace that takes the whole table (RULES §7) is not counted: counting it played
            # 0.06 and 0.06 points a hand worse (-0.12 to 0.01, -0.12 to -0.01) in assi with
            # ace_sweep_scores_scopa, 0.12 and 0.02 (-0.21 to -0.02, -0.11 to 0.06) with
            # ace_on_empty_table=stays too (2,000 and 3,000 duplicate deals, seeds 940001 and
            # 960001), as with the other bots it kept aces on the table for the next seat to
            # take; counted without a scopa it did no better, and where the ace's sweep scores
            # nothing (assi as it is, with stays, dealt 9+4) it made no difference [derived].
            if got < 0:
                continue
            got += worth[10 + value - 1]  # his own card goes to his pile too
            if self.next_final:
                got = left_worth + worth[10 + value - 1]  # C-12: and the rest with it
                scopa = scopa and rules.last_play_scopa and whole
            elif not whole:
                scopa = False
            if scopa:
                got += self.swept  # C-14
            else:
                got = got * _PLAIN >> 4
            term = chance * got >> 10
            if term > risk:
                risk = term
                self.sweep = scopa
        return risk

    def _note(self, term, code) -> None:
        """Keep ``code`` as the move's reason if ``term`` is its largest strategy term."""
        magnitude = term if term > 0 else -term
        held = self.term if self.term > 0 else -self.term
        if magnitude > held:
            self.term = term
            self.code = code

    def _strategy(self, obs, move) -> int:
        """Chitarrella's advice for ``move`` (C-28 to C-39); sets ``term`` and ``code``."""
        self.term = 0
        self.code = 0
        if self.final or not self.strategy:  # the careful bot has none
            return 0  # C-12: the last play's taker gets the table; nothing is left to keep
        card = move & 63
        value = VALUE[card]
        mine = self.mine
        seat = obs[observe.SEAT]
        dealer = obs[observe.DEALER] == seat
        hand = obs[observe.HAND_COUNT + seat]
        bonus = 0
        if mine[value] >= 3 and hand >= 4:
            bonus = _THREE if move >= 64 else _THREE + _DOUBLE  # C-39, and C-31 for a lead
            self._note(bonus, _THREE_ALIKE)  # don't keep three alike to the end
        if move < 64:
            return bonus + self._trail(value, dealer, hand)
        # C-28: parity of each value after the capture (each card removed flips its value).
        flips = 1 << value
        take = (move >> 6) & TABLE_MASK
        partner = (seat + 2) & 3
        partner_plays = obs[observe.HAND_COUNT + partner]  # a card left is "left" for him
        ply = obs[observe.PLY]
        sevens = mine[7] >= 2 or obs[observe.CARD + 6] == observe.MINE
        for slot in range(16):
            if not take >> slot & 1:
                continue
            taken = obs[observe.TABLE_SLOTS + slot]
            flips ^= 1 << VALUE[taken]
            by = obs[observe.PLAYED_BY + taken]
            if taken % 10 == 6 and taken != 6:  # a seven other than the settebello (C-34)
                if sevens:
                    term = _TAKE_SEVEN  # C-37
                    code = _TAKE_SEVEN_37
                elif by == observe.NOBODY or by == seat:
                    continue  # C-36 speaks of sevens the others played
                elif by == partner:
                    if self.dealer_side or not partner_plays:
                        continue  # C-36's second part is the dealer's opponents' rule
                    term = -_LEAVE_SEVEN  # C-36 second part, C-32
                    code = _LEAVE_PARTNER_SEVEN
                elif dealer:
                    if not partner_plays:
                        continue
                    term = -_LEAVE_SEVEN  # C-36: the dealer leaves it to his partner
                    code = _LEAVE_DEALER_SEVEN
                elif not self.dealer_side:
                    term = _TAKE_SEVEN  # C-36: take the seven of the dealer's side
                    code = _TAKE_SEVEN_36
                else:
                    continue
                bonus += term
                self._note(term, code)
            elif by == partner and partner_plays and ply >= 2 and \
                    obs[observe.HISTORY + ply - 2] == taken and self.unseen[VALUE[taken]]:
                bonus -= _LEAVE_DOUBLE  # C-32: he led it as a double (C-31)
                self._note(-_LEAVE_DOUBLE, _LEAVE_DOUBLE_32)
        if move & SELF_TAKE:
            flips = 1 << value
        live = self.live
        kept = broken = 0
        for pair in range(1, 11):
            if flips >> pair & 1:
                delta = 1 if live[pair] & 1 else -1  # odd -> even pairs it again
                if pair == 7 and dealer and mine[7] == 0:
                    broken -= delta  # C-35: the dealer without sevens breaks them
                else:
                    kept += delta
        term = _PAIR * kept if self.dealer_side else -_PAIR * kept  # C-28, C-43
        bonus += term
        self._note(term, _KEEP_PAIRS if self.dealer_side else _BREAK_PAIRS)
        if broken:
            bonus += _PAIR * broken
            self._note(_PAIR * broken, _BREAK_SEVENS)
        return bonus

    def _trail(self, value, dealer, hand) -> int:
        """Strategy terms for trailing a card of ``value`` (C-30, C-31, C-33)."""
        mine = self.mine
        if value == 7:
            if dealer and mine[7] == 2 and hand > 2:
                self._note(-_DEALER_SEVENS, _KEEP_SEVENS)  # C-33: the dealer plays them last
                return -_DEALER_SEVENS
            if hand <= 3 and self.live[7] & 1 and mine[7] == 1:
                self._note(_ODD_SEVEN, _ODD_SEVEN_30)  # C-30
                return _ODD_SEVEN
            if mine[7] >= 2 and not dealer:
                self._note(_SEVEN_DOUBLE, _RISK_SEVEN)  # C-33: sevens are doubles too
                return _SEVEN_DOUBLE
            return 0
        if mine[value] == 2:
            self._note(_DOUBLE, _LEAD_DOUBLE)  # C-31
            return _DOUBLE
        return 0
