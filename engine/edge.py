"""Edge helpers on a State: set-up (checks and placing the cards of a given position), card
lists, the cards left at the end of a hand, and checked moves with the reason a move is
illegal. What a play took (``play_info``, ``taken_cards``) is in engine/plays.py, which the
board uses during play.

Kept apart from engine/state.py and engine/capture.py so a board loads them only to set up a
match (a saved one) and never during play; the State methods that need them import this
module on first use.

Rules: C-3, C-11 (the reasons given), C-12; RULES §3, §4.2.
Allocation: desktop and edge use (lists, sets and strings).
"""

from engine.cards import NO_CARD, VALUE, card_name
from engine.layout import DEAL, PLAY, TABLE, TERMINAL, IllegalMove
from engine.moves import (
    ACE_SWEEP,
    MAX_CARD_MOVES,
    MAX_MOVES,
    MAX_TABLE,
    SELF_TAKE,
    TABLE_MASK,
    UNKNOWN_MOVE,
    count_slots,
    slot_of_bit,
)
from engine.plays import taken_cards


def check_position(state, hands, table, ply: int) -> None:
    """Raise ValueError unless ``hands`` and ``table`` can be set up at ``ply``."""
    seen = set()
    for cards in list(hands) + [table]:
        for card in cards:
            if type(card) is not int or not 0 <= card < 40:  # bool is no card either
                raise ValueError("%r is no card (an int 0..39, engine/cards.py)" % (card,))
            if card in seen:
                raise ValueError("%s is given twice" % card_name(card))
            seen.add(card)
    if len(hands) != 4:
        raise ValueError("a position needs four hands")
    if len(table) > MAX_TABLE or max(len(cards) for cards in hands) > 10:
        raise ValueError("at most 10 cards a hand and %d on the table" % MAX_TABLE)
    if type(ply) is not int or not 0 <= ply < state.rules.plies:
        raise ValueError("ply must be in 0..%d, not %r" % (state.rules.plies - 1, ply))


def check_deal(state, hands, table) -> None:
    """Raise ValueError unless ``hands`` and ``table`` are a whole deal of the rules' shape."""
    if state.phase != DEAL:
        raise ValueError("no deal is due")
    size = state.rules.hand_size
    if len(hands) != 4 or any(len(cards) != size for cards in hands) \
            or len(table) != 40 - 4 * size:
        raise ValueError("a deal needs four hands of %d cards and %d on the table"
                         % (size, 40 - 4 * size))
    cards = list(hands[0]) + list(hands[1]) + list(hands[2]) + list(hands[3]) + list(table)
    for card in cards:
        if type(card) is not int:  # 1.0 and True would pass the sort below
            raise ValueError("%r is no card (an int 0..39, engine/cards.py)" % (card,))
    if sorted(cards) != list(range(40)):
        raise ValueError("a deal must hold each of the 40 cards once")


def place_cards(state, hands, table) -> None:
    """Clear the hand and lay out ``hands`` and ``table`` (card ints), as the deal would."""
    state.clear_position()
    for seat in range(4):
        for card in hands[seat]:
            state.put_in_hand(seat, card)
    for card in table:
        state.put_on_table(card, slot_of_bit((state.occupied + 1) & ~state.occupied))


def set_position(state, hands, table, turn: int, ply: int, dealer) -> None:
    """Set up a hand in play from card lists; see State.set_position."""
    if state.phase == TERMINAL:
        raise ValueError("the match is over: new_match() starts another")
    check_position(state, hands, table, ply)
    for seat, what in ((turn, "turn"), (dealer, "dealer")):
        if (seat is not None or what == "turn") and (type(seat) is not int
                                                     or not 0 <= seat <= 3):
            raise ValueError("%s must be a seat, 0..3, not %r" % (what, seat))
    state.dealer = (turn - 1 - ply) & 3 if dealer is None else dealer
    place_cards(state, hands, table)
    state.ply = ply
    for i in range(ply):
        state.ply_move[i] = UNKNOWN_MOVE  # plays before the position are not known
    state.turn = turn & 3
    state.leader = (turn - ply) & 3
    state.phase = PLAY


def checked_seat(number) -> int:
    """``number``, checked to be a seat (0..3); raises ValueError."""
    if type(number) is not int or not 0 <= number <= 3:
        raise ValueError("seat must be 0..3, not %r" % (number,))
    return number


def cards_in(buffer) -> list:
    """The cards of a hand or table buffer, in slot order."""
    return [card for card in buffer if card != NO_CARD]


def rest_cards(state) -> list:
    """The cards the last taker took at the end of the hand (C-12)."""
    if state.phase == PLAY or state.ply < state.rules.plies:
        return []
    ply = state.ply - 1
    start = state.ply_log[ply] + count_slots((state.ply_move[ply] >> 6) & TABLE_MASK)
    return list(state.capture_log[start:state.ply_log[ply + 1]])


def describe(state) -> str:
    """A one-line picture of the hand in play, for debugging."""
    hands = " | ".join(" ".join(card_name(c) for c in state.hand_cards(s)) for s in range(4))
    table = " ".join(card_name(c) for c in state.table_cards())
    return "<State hand %d ply %d turn %d table [%s] hands [%s]>" % (
        state.hand_number, state.ply, state.turn, table, hands)


def _names(cards) -> str:
    return "+".join(card_name(c) for c in cards) or "nothing"


def move_for(state, card: int, taken, self_take=None) -> int:
    """The move playing ``card`` and taking the table cards ``taken``; see State.move_for."""
    if type(card) is not int or not 0 <= card < 40:
        raise IllegalMove("%r is no card (an int 0..39, engine/cards.py)" % (card,))
    take = 0
    for t in taken:
        if type(t) is not int or not 0 <= t < 40:
            raise IllegalMove("%r is no card (an int 0..39, engine/cards.py)" % (t,))
        if state.where[t] != TABLE:
            raise IllegalMove("%s is not on the table" % card_name(t))
        if take & 1 << state.slot[t]:
            raise IllegalMove("%s is named twice in the take" % card_name(t))
        take |= 1 << state.slot[t]
    if state.phase == PLAY:
        moves = [0] * MAX_MOVES
        found = -1
        for i in range(state.legal_moves(moves)):
            move = moves[i]
            if move & 63 == card and (move >> 6) & TABLE_MASK == take:
                # an ace on an empty table may take itself or, under ace_may_decline, stay
                # (RULES §7): both take no table card, and self_take tells them apart
                if self_take is None or bool(move & SELF_TAKE) == self_take:
                    return move  # carries the ace flags
                if found < 0:
                    found = move
        if found >= 0:
            return found
    return card | take << 6


def check(state, move: int) -> None:
    """Raise IllegalMove with the card and the reason unless ``move`` is legal now."""
    if state.phase != PLAY:
        raise IllegalMove("no hand is in play")
    if type(move) is not int:
        raise IllegalMove("%r is no move: moves are ints (legal_moves, move_for)" % (move,))
    card = move & 63
    if card >= 40 or move < 0 or move >> 24:  # engine/moves.py: the flags end at bit 23
        raise IllegalMove("move %r plays no card" % (move,))
    name = card_name(card)
    seat = state.turn
    where = state.where[card]
    if where != seat:
        if where < 4:
            raise IllegalMove("%s is in seat %d's hand, but it is seat %d's turn"
                              % (name, where, seat))
        raise IllegalMove("%s is not in seat %d's hand" % (name, seat))
    take = (move >> 6) & TABLE_MASK
    if take & ~state.occupied:
        raise IllegalMove("%s: the move takes from an empty table slot" % name)
    # Positions set up by hand (set_position) may hold tables no play reaches: more cards of
    # a value than the deal leaves, which the play's buffers are not sized for. Such a play
    # is refused here, before any change (engine/capture.py has the bound).
    if move < 64 and state.table_count >= MAX_TABLE:
        raise IllegalMove("%s cannot be trailed: the table's %d places are full (a position "
                          "no hand reaches)" % (name, MAX_TABLE))
    moves = [0] * (MAX_CARD_MOVES * 10)  # 26 a card in reachable positions
    try:
        n = state.legal_moves(moves)
    except IndexError:  # more still (legal_moves changes nothing): n is only a floor
        n = len(moves) + 1
    if n > MAX_MOVES:
        raise IllegalMove("%s: the position has %s legal moves, more than the %d a hand "
                          "reaches (MAX_MOVES): the table holds too many cards of a value"
                          % (name, n if n <= len(moves) else "over %d" % len(moves),
                             MAX_MOVES))
    own = []
    for i in range(n):
        if moves[i] == move:
            return
        if moves[i] & 63 == card:
            own.append(moves[i])
    taken = taken_cards(state, move)
    value = VALUE[card]
    rules = state.rules
    if value == 1 and state.ply < rules.ace_ban_plies:
        raise IllegalMove("%s: the opening play may not be an ace (first_lead_ace_banned, "
                          "RULES §10 row 28)" % name)
    if not own:
        raise IllegalMove("%s may not be trailed: another card can capture "
                          "(forced_capture=turn)" % name)
    options = "; legal: " + ", ".join(
        "%s takes %s" % (name, "itself" if m & SELF_TAKE else _names(taken_cards(state, m)))
        for m in own)
    for legal in own:  # the same take (a trail too, if the move has flags), other ace flags
        if (take or move & (SELF_TAKE | ACE_SWEEP)) and (legal >> 6) & TABLE_MASK == take:
            raise IllegalMove("%s: the move's flags are not those of the legal move with this "
                              "take (RULES §7, engine/moves.py); make moves with move_for or "
                              "take them from legal_moves" % name)
    if not take and not move & SELF_TAKE:
        # under ace_may_decline an ace with no ace on the table may stay (RULES §10 row 29),
        # so only the turn's rule can have barred it
        declined = rules.ace_may_decline and value == 1 and not state.value_slots[1]
        raise IllegalMove("%s must capture (%s)%s" % (
            name, "forced_capture=turn" if declined else "C-11", options))
    if rules.ace_sweep and value == 1:
        raise IllegalMove("%s: an ace takes what RULES §7 says%s" % (name, options))
    equal = [c for c in state.table_cards() if VALUE[c] == value]
    if equal and rules.equal_priority and (len(taken) != 1 or VALUE[taken[0]] != value):
        raise IllegalMove("%s must take an equal card (%s), not %s (C-11)"
                          % (name, " or ".join(card_name(c) for c in equal),
                             "a sum" if len(taken) > 1 else _names(taken)))
    if sum(VALUE[c] for c in taken) != value:
        raise IllegalMove("%s cannot take %s: they do not add up to %d (C-3, C-11)%s"
                          % (name, _names(taken), value, options))
    if rules.fewest_cards:
        raise IllegalMove("%s must take the fewest cards (sum_choice=fewest_cards)%s"
                          % (name, options))
    raise IllegalMove("%s cannot take %s%s" % (name, _names(taken), options))
