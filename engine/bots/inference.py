"""Card inference and determinization for search bots: who may hold each unseen card.

From one seat's observation, ``Inference.update`` works out which cards are unseen (in the
other hands) and how many each other seat holds, then replays the hand's table ply by ply
from the public history (HISTORY, PLAYED_BY, CAPTURED_AT; the deal's table is every card
captured or still on the table that nobody played) and weighs each (seat, card) pair:

* hard, exact by the rules: a seat holds only unseen cards, exactly HAND_COUNT of them; under
  ``forced_capture=turn`` a seat that trailed held no card able to capture on that table
  (RULES §10 row 12), so it cannot hold one now (weight 0);
* soft, a bias only (weight lowered, never 0): a seat that left a scopa on the table probably
  lacks the sweeping value (C-14, C-40), and one that left the settebello there probably lacks
  a seven (C-16, C-11) [derived].

``load_position`` puts the public position into a search bot's own State through the State's
allocation-free set-up methods (``set_position`` would allocate). ``deal`` then
deals the unseen cards to the other seats of a search State: each card in turn,
most constrained first, goes to a seat with room with probability proportional to
weight * room left, which is uniform over the consistent deals when no evidence bends it;
``next_deal`` lists every consistent deal in turn instead, for the endgame's exact average.

Rules: C-11, C-14, C-16, C-40; RULES §4.2, §4.6, §10 row 12.
Allocation: none after construction.
"""

from engine import observe
from engine.cards import NO_CARD, SETTEBELLO, VALUE
from engine.layout import NOWHERE

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


_NO_ONE = const(4)  # the pseudo-seat of unseen cards dealt to nobody (set-up positions)
_SEATS = const(5)  # seats 0..3 and _NO_ONE
_BASE = const(8)  # weight of a card a seat may hold, with no evidence against it
_NO_SCOPA = const(2)  # it left a scopa that this card would have made
_NO_SEVEN = const(4)  # it left the settebello on the table and this card is a seven
_TRIES = const(8)  # attempts at a weighted deal before falling back to hard weights only
_NOBODY = observe.NOBODY


class Inference:
    """What one seat knows about the hidden hands (see the module docstring)."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self.weight = bytearray(_SEATS * 40)  # seat * 40 + card -> 0 impossible, else weight
        self.room = bytearray(_SEATS)  # cards each seat holds that this seat cannot see
        self.unseen = bytearray(40)  # the unseen cards, most constrained first
        self.count = 0  # how many unseen cards
        self.owner = bytearray(40)  # card -> seat, the last deal
        self.left = bytearray(_SEATS)  # room left per seat while deals are listed
        self.on_table = bytearray(40)  # work areas of the replay
        self.first = bytearray(40)  # ply -> first card captured at that ply, NO_CARD if none
        self.after = bytearray(40)  # card -> next card captured at the same ply
        self.values = bytearray(11)  # value -> table cards of that value
        self.seat = 0

    # -- what the observation tells ------------------------------------------------------

    def update(self, obs) -> None:
        """Recompute the unseen cards, the room per seat and the weights from ``obs``."""
        seat = obs[observe.SEAT]
        self.seat = seat
        weight = self.weight
        count = 0
        for card in range(40):
            if obs[observe.CARD + card] == observe.UNSEEN:
                self.unseen[count] = card
                count += 1
        self.count = count
        total = 0
        for other in range(4):
            room = 0 if other == seat else obs[observe.HAND_COUNT + other]
            self.room[other] = room
            total += room
        self.room[_NO_ONE] = count - total if count > total else 0
        for i in range(_SEATS * 40):
            weight[i] = 0
        for other in range(_SEATS):
            if self.room[other]:
                for i in range(count):
                    weight[other * 40 + self.unseen[i]] = _BASE
        if self._history_known(obs):
            self._replay(obs)
        self._sort_unseen()

    @staticmethod
    def _history_known(obs) -> bool:
        for ply in range(obs[observe.PLY]):
            if obs[observe.HISTORY + ply] == NO_CARD:
                return False  # a set-up position: plays before it are unknown
        return True

    def _replay(self, obs) -> None:
        """Walk the hand's plays over the table as it was, weighing what each seat left."""
        on_table = self.on_table
        first = self.first
        after = self.after
        values = self.values
        for ply in range(40):
            first[ply] = NO_CARD
        for value in range(11):
            values[value] = 0
        total = 0
        cards = 0
        for card in range(40):
            ply = obs[observe.CAPTURED_AT + card]
            if ply != _NOBODY:
                after[card] = first[ply]
                first[ply] = card
            dealt = obs[observe.PLAYED_BY + card] == _NOBODY and (
                ply != _NOBODY or obs[observe.CARD + card] == observe.ON_TABLE)
            on_table[card] = dealt
            if dealt:
                values[VALUE[card]] += 1
                total += VALUE[card]
                cards += 1
        final = self.rules.plies - 1
        for ply in range(obs[observe.PLY]):
            card = obs[observe.HISTORY + ply]
            seat = obs[observe.PLAYED_BY + card]
            captured = obs[observe.CAPTURED_AT + card] == ply
            if seat != self.seat and self.room[seat]:
                swept = captured and self._taken_count(ply) == cards
                if cards and total <= 10 and not swept and ply < final:
                    self._lower(seat, total, _NO_SCOPA)  # C-40: a scopa left [derived]
                if on_table[SETTEBELLO] and obs[observe.CAPTURED_AT + SETTEBELLO] != ply:
                    self._lower(seat, 7, _NO_SEVEN)  # C-16: the settebello left [derived]
                if not captured and self.rules.turn_forced:
                    self._exclude_captures(seat, ply, cards)
            card_taken = first[ply]
            while card_taken != NO_CARD:
                if on_table[card_taken]:
                    on_table[card_taken] = 0
                    values[VALUE[card_taken]] -= 1
                    total -= VALUE[card_taken]
                    cards -= 1
                card_taken = after[card_taken]
            if not captured:
                on_table[card] = 1  # a trail (C-11)
                values[VALUE[card]] += 1
                total += VALUE[card]
                cards += 1

    def _taken_count(self, ply: int) -> int:
        """Table cards taken at ``ply`` (the capturing card is not on the table)."""
        n = 0
        card = self.first[ply]
        while card != NO_CARD:
            n += self.on_table[card]
            card = self.after[card]
        return n

    def _lower(self, seat: int, value: int, weight: int) -> None:
        """Soft evidence: ``seat`` probably holds no unseen card of ``value``."""
        weights = self.weight
        for suit in range(4):
            index = seat * 40 + suit * 10 + value - 1
            if weights[index] > weight:
                weights[index] = weight

    def _exclude_captures(self, seat: int, ply: int, cards: int) -> None:
        """forced_capture=turn (RULES §10 row 12): a seat that trailed held nothing that
        captures, so it cannot hold such a card now."""
        rules = self.rules
        values = self.values
        single = 0  # bit v: a table card of value v
        several = 0  # bit v: two or more table cards add up to v
        for value in range(1, 11):
            for _ in range(values[value]):
                several = (several | (single << value) | (several << value)) & 0x7FF
                single |= 1 << value
        capturing = single | several
        if rules.ace_sweep:
            capturing &= ~2
            banned = ply < rules.ace_ban_plies
            if not banned and (cards or not rules.ace_empty_stays):
                capturing |= 2  # RULES §7: an ace sweeps, or takes itself on an empty table
        weights = self.weight
        for value in range(1, 11):
            if capturing >> value & 1:
                for suit in range(4):
                    weights[seat * 40 + suit * 10 + value - 1] = 0

    def _sort_unseen(self) -> None:
        """Order the unseen cards by how many seats may hold them, fewest first."""
        unseen = self.unseen
        keys = self.owner  # free until the next deal
        count = self.count
        for i in range(count):
            keys[i] = self.choices(unseen[i])
        done = 0
        for key in range(_SEATS + 1):  # a stable selection by key, in place
            for i in range(done, count):
                if keys[i] == key:
                    card = unseen[i]
                    unseen[i] = unseen[done]
                    keys[i] = keys[done]
                    unseen[done] = card
                    keys[done] = key
                    done += 1

    def choices(self, card: int) -> int:
        """How many seats (_NO_ONE included) may hold ``card``."""
        n = 0
        for seat in range(_SEATS):
            if self.weight[seat * 40 + card]:
                n += 1
        return n

    def allowed(self, seat: int, card: int) -> bool:
        """True unless the rules rule out ``seat`` holding the unseen ``card``."""
        return self.weight[seat * 40 + card] > 0

    # -- determinization -----------------------------------------------------------------

    def deal(self, state, rng) -> None:
        """Deal the unseen cards into the other hands of ``state`` (a position loaded from the
        same observation), respecting the room per seat and the hard constraints."""
        for _ in range(_TRIES):
            if self._draw(rng, True):
                break
        else:
            self._draw(rng, False)  # room alone always fits the cards
        self.place(state)

    def _draw(self, rng, weighted: bool) -> bool:
        """Choose an owner for each unseen card into ``owner``; False at a dead end.
        Unrolled over the five seats: this runs once per determinization."""
        weight = self.weight
        owner = self.owner
        room = self.room
        left0 = room[0]
        left1 = room[1]
        left2 = room[2]
        left3 = room[3]
        left4 = room[4]
        for i in range(self.count):
            card = self.unseen[i]
            if weighted:
                part0 = weight[card] * left0
                part1 = weight[40 + card] * left1
                part2 = weight[80 + card] * left2
                part3 = weight[120 + card] * left3
                part4 = weight[160 + card] * left4
            else:
                part0 = left0
                part1 = left1
                part2 = left2
                part3 = left3
                part4 = left4
            total = part0 + part1 + part2 + part3 + part4
            if total == 0:
                return False
            pick = rng.below(total) - part0
            if pick < 0:
                owner[card] = 0
                left0 -= 1
                continue
            pick -= part1
            if pick < 0:
                owner[card] = 1
                left1 -= 1
                continue
            pick -= part2
            if pick < 0:
                owner[card] = 2
                left2 -= 1
                continue
            pick -= part3
            if pick < 0:
                owner[card] = 3
                left3 -= 1
                continue
            owner[card] = _NO_ONE
            left4 -= 1
        return True

    # -- every consistent deal in turn, for an exact average (engine/bots/endgame.py) ------

    def next_deal(self, first: bool) -> bool:
        """Put in ``owner`` the first consistent deal (``first``) or the one after the last, in
        a fixed order: every unseen card with a seat the rules let hold it, every seat's room
        filled. False past the last deal. Depth-first over the cards, most constrained first,
        the seats chosen so far kept in ``owner``: nothing is allocated."""
        unseen = self.unseen
        owner = self.owner
        left = self.left
        weight = self.weight
        count = self.count
        if first:
            for each in range(_SEATS):
                left[each] = self.room[each]
            i = 0
            seat = 0
        else:  # past the last card, no seat left: the step back takes the last card back
            i = count
            seat = _SEATS
        while True:
            if seat == _SEATS:  # no seat left for card i: back to the one before, next seat
                i -= 1
                if i < 0:
                    return False
                seat = owner[unseen[i]]
                left[seat] += 1
                seat += 1
                continue
            if i == count:
                return True
            card = unseen[i]
            while seat < _SEATS and not (left[seat] and weight[seat * 40 + card]):
                seat += 1
            if seat < _SEATS:
                owner[card] = seat
                left[seat] -= 1
                i += 1
                seat = 0

    def count_deals(self, most: int) -> int:
        """How many consistent deals there are, counting no further than ``most`` + 1."""
        n = 0
        more = self.next_deal(True)
        while more and n <= most:
            n += 1
            more = self.next_deal(False)
        return n

    def deal_weight(self) -> int:
        """The weight of the deal in ``owner`` by the soft evidence, as ``deal`` leans on it:
        64 when nothing bends it, halved for every halving of a card's weight (at least 1)."""
        weight = self.weight
        owner = self.owner
        halvings = 0
        for i in range(self.count):
            card = self.unseen[i]
            held = weight[owner[card] * 40 + card]
            while held < _BASE:
                held <<= 1
                halvings += 1
        return 64 >> halvings if halvings < 6 else 1

    def place(self, state) -> None:
        """Write the deal in ``owner`` into the other seats' hands of ``state``."""
        for seat in range(4):
            if seat != self.seat:
                state.hand_count[seat] = 0
        for i in range(self.count):
            card = self.unseen[i]
            seat = self.owner[card]
            if seat == _NO_ONE:
                state.where[card] = NOWHERE
            else:
                slot = state.hand_count[seat]
                state.hands[seat][slot] = card
                state.hand_count[seat] = slot + 1
                state.where[card] = seat
                state.slot[card] = slot


def load_position(state, obs) -> None:
    """Set ``state`` (a search bot's own) to the public position of ``obs``, the other hands
    empty: the table slot by slot (moves name slots), the piles from CAPTURED_AT."""
    seat = obs[observe.SEAT]
    ply = obs[observe.PLY]
    state.clear_position()
    for slot in range(16):
        card = obs[observe.TABLE_SLOTS + slot]
        if card != NO_CARD:
            state.put_on_table(card, slot)  # same slots: the moves name them
    leader = (obs[observe.TURN] - ply) & 3
    for card in range(40):
        status = obs[observe.CARD + card]
        if status == observe.MINE:
            state.put_in_hand(seat, card)
        elif status >= observe.GONE:
            taken = obs[observe.CAPTURED_AT + card]
            if taken != _NOBODY:
                state.put_in_pile(card, (leader + taken) & 1)  # the capturing seat's side
            elif status == observe.OWN_PILE:
                state.put_in_pile(card, seat & 1)
            elif status == observe.OTHER_PILE:
                state.put_in_pile(card, 1 - (seat & 1))
    state.resume(ply, obs[observe.TURN], leader, obs[observe.LAST_TAKER],
                 obs[observe.SCOPE], obs[observe.SCOPE + 1])
