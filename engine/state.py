"""The position of a match: hands, table, piles, turn, with the deal, ``apply`` and ``undo``.

Vocabulary (OpenSpiel's): ``current_seat()``, ``legal_moves(out) -> count``, ``apply(move)``,
``undo()``, ``is_terminal()``, ``returns(out)``, ``observe(seat, out)``. The deal is an explicit
chance step (``deal()``), driven by the seeded ``Rng``. When the last card of a hand is played
the state waits in the HAND_OVER phase until ``end_hand()`` scores it (engine/match.py).

Seats 0..3 are in playing order; team = seat % 2 (RECORD.md). Table cards sit in fixed slots:
a trail takes the lowest free slot and a capture empties slots, so moves can name slots and
``undo`` restores every byte.

Rules: C-6, C-8, C-9, C-11 to C-15; RULES §2-§4, §7, §8.
Allocation: none after construction, except the edge methods marked "edge".
"""

from array import array

from engine import capture, observe, scoring
from engine import match as bookkeeping  # not `match`: a slot's name (pyright)
from engine.cards import KING_RANK, NO_CARD, VALUE
from engine.kinds import byte_buffer, byte_table
from engine.layout import (
    CHANCE,
    DEAL,
    DEALT,
    HAND_OVER,
    NO_SEAT,
    NO_TAKER,
    NOWHERE,
    PILE,
    PLAY,
    REDEAL_KINGS,
    REDEAL_SUM,
    TABLE,
    TERMINAL,
    WHOLE,
)
from engine.moves import (
    BIT_INDEX,
    MAX_TABLE,
    SELF_TAKE,
    TABLE_MASK,
    UNKNOWN_MOVE,
    count_slots,
)
from engine.rng import Rng
from engine.rules import TABLE_PACKET

# Blank buffers copied over a hand's buffers by _clear_hand and _shuffle.
_NOWHERE_40 = byte_table(bytes((NOWHERE,)) * 40)
_ZERO_41 = byte_table(bytes(41))
_ZERO_MOVES = (0,) * 40
_ZERO_VALUES = (0,) * 11
_ZERO_SEATS = byte_table(bytes(4))
_NO_CARD_10 = byte_table(bytes((NO_CARD,)) * 10)
_NO_CARD_TABLE = byte_table(bytes((NO_CARD,)) * MAX_TABLE)
_CARD_ORDER = byte_table(bytes(range(40)))


class State:
    """A match in progress (see the module docstring)."""

    # CPython reads and writes a slot at a fixed offset; with 40 attributes an instance would
    # otherwise keep a plain dict (CPython 3.11 shares the keys of 29 at most), about 6% more
    # time a hand. A board ignores __slots__, and its build drops this (sim/minify.py).
    __slots__ = (
        "rules", "rng", "hands", "hand_count", "table", "where", "slot", "value_slots", "deck",
        "scope", "ply_move", "ply_taker", "ply_slot", "ply_scopa", "ply_log", "capture_log",
        "first_capture", "sum_stack", "sum_bits", "sum_parts", "score", "hand_points",
        "secured", "declaring", "primiera_best", "variants", "match", "hand_number", "dealer",
        "first_dealer", "occupied", "value_mask", "repeat_mask", "table_count", "ply",
        "last_taker", "rest", "leader", "turn", "phase",
    )

    def __init__(self, rules, seed: int = 1) -> None:
        self.rules = rules
        self.rng = Rng(1)
        # Buffers of small ints: bytearrays on a board, lists on CPython (engine/kinds.py).
        # hands[seat][slot] -> card; the first hand_count[seat] slots hold cards, then NO_CARD.
        self.hands = (byte_buffer(10), byte_buffer(10), byte_buffer(10), byte_buffer(10))
        self.hand_count = byte_buffer(4)
        self.table = byte_buffer(MAX_TABLE)  # slot -> card or NO_CARD
        self.where = byte_buffer(40)  # card -> seat 0..3, TABLE, PILE + team, NOWHERE
        self.slot = byte_buffer(40)  # card -> its slot in a hand or on the table
        # value 1..10 -> mask of table slots. A list, not an array("H"): read and written in
        # every move generation and capture, and a list item costs CPython a third of an
        # array item (no conversion); on a 32-bit board it is 22 bytes larger.
        self.value_slots = [0] * 11
        self.deck = byte_buffer(40)
        self.scope = byte_buffer(2)  # scope made this hand, per team (public, C-14)
        # One entry per ply of the hand, for undo and for records. All but ply_move are 41
        # long, like ply_log, so one blank clears them at a deal. ply_move is a list, like
        # value_slots, for CPython's speed; on a 32-bit board it takes what an array("i") does.
        self.ply_move = [0] * 40
        self.ply_taker = byte_buffer(41)  # last taker before the ply
        self.ply_slot = byte_buffer(41)  # hand slot the card was played from
        self.ply_scopa = byte_buffer(41)  # 1 if the ply scored a scopa
        self.ply_log = byte_buffer(41)  # start of the ply's cards in capture_log
        self.capture_log = byte_buffer(41)  # cards taken, in slot order per ply
        self.first_capture = byte_buffer(2)  # ply + 1 of each side's first capture, or 0
        self.sum_stack = byte_buffer(MAX_TABLE)  # work areas of capture._general_sums
        self.sum_bits = array("H", [0] * MAX_TABLE)
        self.sum_parts = byte_buffer(MAX_TABLE)
        self.score = array("h", [0] * 2)  # match score per team
        self.hand_points = array("h", [0] * scoring.SIZE)  # last scored hand
        # With declare_out only (C-26): engine/secured.py, which counts the secured points and
        # judges a claim, and its work area; a game without it holds none of this code.
        self.declaring = None
        self.secured = None
        if rules.declare_out:
            from engine import secured

            self.declaring = secured
            self.secured = array("h", [0] * scoring.SIZE)
        self.primiera_best = byte_buffer(10)  # work area of engine/scoring.py
        # The capture rules of the variants (RULES §7, §10 rows 10, 12), only where the rules
        # use one: engine/capture.py legal_moves calls them through this module.
        self.variants = None
        if rules.ace_sweep or rules.fewest_cards or rules.turn_forced:
            from engine import capture_variants

            self.variants = capture_variants
        self.match = bookkeeping.MatchInfo()
        self.new_match(seed)

    # -- match set-up -------------------------------------------------------------------

    def new_match(self, seed: int, first_dealer: int = -1) -> None:
        """Start a match: seed the PRNG, choose the first dealer (unless given), wait for the
        first deal."""
        if type(first_dealer) is not int or not -1 <= first_dealer <= 3:  # before any change
            raise ValueError("first_dealer must be 0..3 or -1")
        self.rng.seed(seed)
        self.score[0] = 0
        self.score[1] = 0
        self.hand_number = 0
        self.match.reset()
        self.dealer = self._first_dealer() if first_dealer < 0 else first_dealer & 3
        self.first_dealer = self.dealer
        self._clear_hand()
        self.phase = DEAL

    def _first_dealer(self) -> int:
        """RULES §10 row 9: by lot, or to whoever is dealt the first ace face up (C-5)."""
        if not self.rules.first_ace_deals:
            return self.rng.below(4)
        self._shuffle()
        for i in range(40):
            if self.deck[i] % 10 == 0:
                return i % 4
        return 0

    def _clear_hand(self) -> None:
        # The per-ply logs are a stack: entries at and above the current ply stay zero, so
        # apply followed by undo leaves every byte as it was. Whole-buffer copies from the
        # blank buffers below run at C speed (this runs at every deal: the benchmark path).
        self.where[WHOLE] = _NOWHERE_40
        self.ply_move[WHOLE] = _ZERO_MOVES
        self.ply_taker[WHOLE] = _ZERO_41
        self.ply_slot[WHOLE] = _ZERO_41
        self.ply_scopa[WHOLE] = _ZERO_41
        self.capture_log[WHOLE] = _ZERO_41
        self.ply_log[WHOLE] = _ZERO_41
        for hand in self.hands:
            hand[WHOLE] = _NO_CARD_10
        self.table[WHOLE] = _NO_CARD_TABLE
        self.value_slots[WHOLE] = _ZERO_VALUES
        self.hand_count[WHOLE] = _ZERO_SEATS
        self.occupied = 0  # mask of occupied table slots
        self.value_mask = 0  # bit v set when a card of value v is on the table
        self.repeat_mask = 0  # bit v set when two or more cards of value v are on the table
        self.table_count = 0
        self.scope[0] = 0
        self.scope[1] = 0
        self.first_capture[0] = 0
        self.first_capture[1] = 0
        self.ply = 0
        self.last_taker = NO_TAKER
        self.rest = 0  # table slots given to the last taker at the end (C-12)
        self.leader = (self.dealer + 1) & 3  # C-6: the dealer's right leads
        self.turn = self.leader

    def _shuffle(self) -> None:
        deck = self.deck
        rng = self.rng
        deck[WHOLE] = _CARD_ORDER
        i = 39
        while i > 0:  # Fisher-Yates, two swaps per draw: 40 * 39 fits one draw's range
            pick = rng.below((i + 1) * i)
            j = pick % (i + 1)
            card = deck[i]
            deck[i] = deck[j]
            deck[j] = card
            j = pick // (i + 1)
            card = deck[i - 1]
            deck[i - 1] = deck[j]
            deck[j] = card
            i -= 2

    def deal(self) -> int:
        """Chance step: shuffle and deal one hand (RULES §3).

        Returns DEALT, or REDEAL_KINGS / REDEAL_SUM when the deal is thrown in; then the same
        dealer deals again at the next call (C-9; RULES §3.3).
        """
        if self.phase != DEAL:
            raise ValueError("no deal is due")
        self._clear_hand()
        self._shuffle()
        deck = self.deck
        hands = self.hands  # local aliases: the deal is on the benchmark path
        hand_count = self.hand_count
        where = self.where
        slots = self.slot
        position = 0
        first = self.turn
        for code in self.rules.packets:  # FIGS Art. 4: 3, T2, 3, T2, 3 from the dealer's right
            if code & TABLE_PACKET:
                for _ in range(code - TABLE_PACKET):
                    self._put_on_table(deck[position])
                    position += 1
            else:
                for i in range(4):  # put_in_hand, inlined
                    seat = (first + i) & 3
                    hand = hands[seat]
                    slot = hand_count[seat]
                    for _ in range(code):
                        card = deck[position]
                        position += 1
                        hand[slot] = card
                        where[card] = seat
                        slots[card] = slot
                        slot += 1
                    hand_count[seat] = slot
        return self._dealt()

    def set_deal(self, hands, table) -> int:
        """Edge: deal the given cards (four hands and the table, card ints), as ``deal`` would.

        For records and saved games. Raises ValueError unless the deal has the shape the rules
        ask for with all 40 cards once each.
        """
        from engine import edge

        edge.check_deal(self, hands, table)
        edge.place_cards(self, hands, table)
        return self._dealt()

    def _dealt(self) -> int:
        reason = self.redeal_reason()
        if reason == DEALT:
            self.hand_number += 1
            self.phase = PLAY
        return reason

    def redeal_reason(self) -> int:
        """Why the current table must be thrown in, or DEALT (C-9; RULES §3.3, §10 rows 4-5)."""
        rules = self.rules
        if rules.redeal_kings:  # the kings are the slots of value 10: no walk of the table
            if count_slots(self.value_slots[KING_RANK + 1]) >= rules.redeal_kings:
                return REDEAL_KINGS
        if rules.redeal_sum and self.table_count:
            total = 0
            for card in self.table:
                if card != NO_CARD:
                    total += VALUE[card]
            if total <= rules.redeal_sum:
                return REDEAL_SUM
        return DEALT

    def put_in_hand(self, seat: int, card: int) -> None:
        """Give ``card`` to ``seat`` (set-up; see load_position in engine/bots/inference.py)."""
        slot = self.hand_count[seat]
        self.hands[seat][slot] = card
        self.hand_count[seat] = slot + 1
        self.where[card] = seat
        self.slot[card] = slot

    def _put_on_table(self, card: int) -> None:
        occupied = self.occupied
        self._place(card, (occupied + 1) & ~occupied)  # the lowest free slot

    def _place(self, card: int, bit: int) -> None:
        """Put ``card`` in the free table slot whose mask is ``bit``."""
        slot = BIT_INDEX[bit % 37]  # hot path: slot_of_bit inlined
        self.table[slot] = card
        self.where[card] = TABLE
        self.slot[card] = slot
        value = VALUE[card]
        slots = self.value_slots[value]
        if slots:
            self.repeat_mask |= 1 << value
        self.value_slots[value] = slots | bit
        self.value_mask |= 1 << value
        self.occupied |= bit
        self.table_count += 1

    def _lift(self, bit: int) -> int:
        """Take the card out of the table slot whose mask is ``bit`` and return it."""
        slot = BIT_INDEX[bit % 37]  # hot path: slot_of_bit inlined
        card = self.table[slot]
        self.table[slot] = NO_CARD
        value = VALUE[card]
        slots = self.value_slots[value] & ~bit
        self.value_slots[value] = slots
        if not slots:  # its last card: the repeat bit is already clear
            self.value_mask &= ~(1 << value)
        elif slots & (slots - 1) == 0:  # one card of the value left
            self.repeat_mask &= ~(1 << value)
        self.occupied &= ~bit
        self.table_count -= 1
        return card

    def set_position(self, hands, table, turn: int = 0, ply: int = 0, dealer=None) -> None:
        """Edge: set up a hand from card lists, for records, tests and puzzles.

        ``hands`` holds four lists of cards (ints), ``table`` one list. Cards named nowhere are
        out of play. ``ply`` is the number of plays already made this hand (the final-play
        rule, C-15, looks at it). Raises ValueError for a card given twice or too many cards.
        """
        from engine import edge

        edge.set_position(self, hands, table, turn, ply, dealer)

    # -- allocation-free set-up, for search bots that load positions they imagine ---------

    def clear_position(self) -> None:
        """Empty the hands, the table and the piles, keeping the dealer."""
        self._clear_hand()

    def put_on_table(self, card: int, slot: int) -> None:
        """Lay ``card`` in table slot ``slot`` (free), as it lies in the real game."""
        self._place(card, 1 << slot)

    def put_in_pile(self, card: int, team: int) -> None:
        """Count ``card`` as captured by ``team``."""
        self.where[card] = PILE + team

    def resume(self, ply: int, turn: int, leader: int, last_taker: int, scope0: int,
               scope1: int) -> None:
        """Set the counters of a hand in progress and make it ``turn``'s play."""
        self.ply = ply
        self.turn = turn
        self.leader = leader
        self.last_taker = last_taker
        self.scope[0] = scope0
        self.scope[1] = scope1
        self.phase = PLAY

    # -- play -----------------------------------------------------------------------------

    def current_seat(self) -> int:
        """The seat to play, CHANCE when a deal is due, NO_SEAT otherwise."""
        if self.phase == PLAY:
            return self.turn
        return CHANCE if self.phase == DEAL else NO_SEAT

    def is_terminal(self) -> bool:
        """True once the match is decided."""
        return self.phase == TERMINAL

    # legal_moves(out) -> count: the current seat's legal moves (RULES §4.2). Bound directly
    # to the function in engine/capture.py, saving a call on the hottest path.
    legal_moves = capture.legal_moves

    def apply(self, move: int) -> None:
        """Play ``move`` for the current seat. Trusts its input: check with ``play``."""
        card = move & 63
        seat = self.turn
        ply = self.ply
        # The hand stays packed: the last card moves into the played card's slot.
        hand = self.hands[seat]
        slot = self.slot[card]
        last = self.hand_count[seat] - 1
        moved = hand[last]
        hand[slot] = moved
        self.slot[moved] = slot
        hand[last] = NO_CARD
        self.hand_count[seat] = last
        self.ply_slot[ply] = slot
        self.ply_move[ply] = move
        self.ply_taker[ply] = self.last_taker  # ply_scopa[ply] is 0 (the logs are a stack)
        final = ply + 1 == self.rules.plies
        log = self.ply_log[ply]
        if move >= 64:  # a capture (is_capture, engine/moves.py)
            take = (move >> 6) & TABLE_MASK
            team = seat & 1
            log = self._take(take, team, log)
            self.where[card] = PILE + team
            self.last_taker = seat
            if not self.first_capture[team]:
                self.first_capture[team] = ply + 1
            if not self.occupied and take and (self.rules.last_play_scopa or not final) \
                    and capture.sweep_scores(self.rules, move):
                self.scope[team] += 1  # C-14 scopa; C-15 none on the final play
                self.ply_scopa[ply] = 1
        else:
            occupied = self.occupied  # a trail (C-11), to the lowest free slot
            self._place(card, (occupied + 1) & ~occupied)
        self.ply = ply + 1
        self.turn = (seat + 1) & 3
        if final:
            # C-12: the last taker takes what is left, never as a scopa (C-15).
            self.rest = self.occupied
            if self.last_taker != NO_TAKER:
                log = self._take(self.occupied, self.last_taker & 1, log)
            self.phase = HAND_OVER
        self.ply_log[ply + 1] = log

    def _take(self, take: int, team: int, log: int) -> int:
        """Move the cards in slots ``take`` to ``team``'s pile, logging them from ``log``."""
        # _lift inlined, with local aliases: every capture runs this (the benchmark path).
        pile = PILE + team
        table = self.table
        where = self.where
        value_slots = self.value_slots
        capture_log = self.capture_log
        value_mask = self.value_mask
        repeat_mask = self.repeat_mask
        self.occupied &= ~take
        start = log
        while take:
            bit = take & -take
            take ^= bit
            slot = BIT_INDEX[bit % 37]
            card = table[slot]
            table[slot] = NO_CARD
            value = VALUE[card]
            slots = value_slots[value] & ~bit
            value_slots[value] = slots
            if not slots:  # its last card: the repeat bit is already clear
                value_mask &= ~(1 << value)
            elif slots & (slots - 1) == 0:  # one card of the value left
                repeat_mask &= ~(1 << value)
            where[card] = pile
            capture_log[log] = card
            log += 1
        self.value_mask = value_mask
        self.repeat_mask = repeat_mask
        self.table_count -= log - start
        return log

    def undo(self) -> None:
        """Take back the last play of the hand exactly (RULES §4.1 forbids it in play: C-13).
        Raises ValueError, changing nothing, when the hand holds no known play to take back."""
        ply = self.ply - 1
        move = self.ply_move[ply]
        if ply < 0 or move == UNKNOWN_MOVE or not PLAY <= self.phase <= HAND_OVER:
            raise ValueError("no play of this hand to undo")
        card = move & 63
        take = (move >> 6) & TABLE_MASK
        seat = (self.turn - 1) & 3
        log = self.ply_log[ply]
        if self.phase == HAND_OVER:
            self.phase = PLAY
            if self.last_taker != NO_TAKER:
                self._untake(self.rest, log + count_slots(take))
            self.rest = 0
        if take or move & SELF_TAKE:
            self._untake(take, log)
            team = seat & 1
            self.scope[team] -= self.ply_scopa[ply]
            if self.first_capture[team] == ply + 1:
                self.first_capture[team] = 0
        else:
            self._lift(1 << self.slot[card])  # the trailed card
        self.last_taker = self.ply_taker[ply]
        hand = self.hands[seat]
        slot = self.ply_slot[ply]
        count = self.hand_count[seat]
        if slot < count:  # the card that filled the slot goes back to the end
            moved = hand[slot]
            hand[count] = moved
            self.slot[moved] = count
        hand[slot] = card
        self.slot[card] = slot
        self.where[card] = seat
        self.hand_count[seat] = count + 1
        self.turn = seat
        self.ply = ply
        for i in range(log, self.ply_log[ply + 1]):  # clear the ply's log entries
            self.capture_log[i] = 0
        self.ply_log[ply + 1] = 0
        self.ply_move[ply] = 0
        self.ply_taker[ply] = 0
        self.ply_slot[ply] = 0
        self.ply_scopa[ply] = 0

    def _untake(self, take: int, log: int) -> None:
        """Put back on the table the cards of slots ``take``, read from the log at ``log``."""
        while take:
            bit = take & -take
            take ^= bit
            self._place(self.capture_log[log], bit)
            log += 1

    # -- checked play (edge) --------------------------------------------------------------

    def check(self, move: int) -> None:
        """Raise IllegalMove naming the card and the reason unless ``move`` is legal now."""
        from engine import edge

        edge.check(self, move)

    def play(self, move: int) -> None:
        """Check ``move`` and apply it; an illegal move raises and changes nothing."""
        self.check(move)
        self.apply(move)

    def move_for(self, card: int, taken=(), self_take=None) -> int:
        """Edge: the move that plays ``card`` taking the table cards ``taken`` (card ints).

        ``self_take`` (True or False) chooses between an ace taking itself onto an empty table
        and one staying there, where ``ace_may_decline`` allows both; unset, the first legal
        move of that card and take. Raises IllegalMove if a taken card is not on the table.
        """
        from engine import edge

        return edge.move_for(self, card, taken, self_take)

    def play_info(self, ply: int) -> tuple:
        """Edge: (seat, card, taken cards, scopa, self_take) of play ``ply`` of this hand."""
        from engine import plays  # not edge: the board asks this after every play

        return plays.play_info(self, ply)

    def rest_cards(self) -> list:
        """Edge: the cards the last taker took at the end of the hand (C-12)."""
        from engine import edge

        return edge.rest_cards(self)

    def taken_cards(self, move: int) -> list:
        """Edge: the table cards ``move`` would take now, in slot order."""
        from engine import plays  # not edge: a hint's words ask it during play

        return plays.taken_cards(self, move)

    def table_cards(self) -> list:
        """Edge: the table cards in slot order."""
        from engine import edge

        return edge.cards_in(self.table)

    def hand_cards(self, seat: int) -> list:
        """Edge: ``seat``'s cards in hand order."""
        from engine import edge

        return edge.cards_in(self.hands[edge.checked_seat(seat)])

    # -- hand end and match (engine/match.py) ---------------------------------------------
    # The modules' functions as methods, with no wrapper (a wrapper costs a board about 50
    # bytes); each one's docstring is in its module.
    score_hand = scoring.score_hand  # (out): RULES §5, the layout in engine/scoring.py
    end_hand = bookkeeping.end_hand  # (): RULES §5, §6, §2.6
    returns = bookkeeping.returns  # (out): +grade for the winner, -grade for the other
    observe = observe.observe  # (seat, out): what ``seat`` may see (C-27)

    def declare(self) -> bool:
        """The side to play declares out; True if the claim held (engine/secured.py; C-26,
        RULES §6.4). Raises ValueError where the rules or the phase do not allow it."""
        if self.declaring is None:
            raise ValueError("declaring out is off (declare_out=false)")
        return self.declaring.declare(self)

    def __repr__(self) -> str:
        from engine import edge

        return edge.describe(self)
