"""What one seat may see, written into a caller's ``bytearray(SIZE)``; bots read only this.

A seat sees its own hand, the table, every card played so far and by whom, in order, when
each card was captured (everyone sees the table), the scope markers (C-14), the hand counts
and the match score. It does not see the piles (C-27), except
what ``review_captures`` and ``count_own_pile`` allow. With ``declare_out`` on it also gets the
points each side has secured (RULES §6.4), which a player with a perfect memory of the public
plays would know.

==================  ====  =================================================================
offset              size  meaning
==================  ====  =================================================================
CARD                40    status of each card for this seat: UNSEEN, MINE, ON_TABLE, GONE
                          (captured), OWN_PILE / OTHER_PILE (visible through review rules)
PLAYED_BY           40    seat that played the card from its hand, NOBODY otherwise
TABLE_SLOTS         16    the table, slot by slot (NO_CARD when empty); moves name slots
HISTORY             40    the card played at each ply of the hand, in order
SEAT, TURN, DEALER  1     this seat, the seat to play (NOBODY if none), the dealer
PLY                 1     plays made this hand
SCOPE               2     scope made this hand per team
HAND_COUNT          4     cards left in each seat's hand
SCORE               2     match score per team
LAST_TAKER          1     seat of the last capture, NOBODY before the first
PILE_COUNT          2     cards in each team's pile, NOBODY where not visible (C-27)
SECURED             2     secured points per team (declare_out only, else 0)
CAPTURED_AT         40    ply of this hand at which the card went to a pile, as every player
                          saw it happen (the capturing card too), NOBODY otherwise
==================  ====  =================================================================

Rules: C-14, C-27; RULES §4.6, §10 row 33.
Allocation: none.
"""

from engine import scoring
from engine.cards import NO_CARD
from engine.layout import PILE, PLAY, TABLE
from engine.moves import TABLE_MASK, UNKNOWN_MOVE, count_slots

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


CARD = const(0)
PLAYED_BY = const(40)
TABLE_SLOTS = const(80)
HISTORY = const(96)
SEAT = const(136)
TURN = const(137)
DEALER = const(138)
PLY = const(139)
SCOPE = const(140)
HAND_COUNT = const(142)
SCORE = const(146)
LAST_TAKER = const(148)
PILE_COUNT = const(149)
SECURED = const(151)
CAPTURED_AT = const(153)
SIZE = const(193)

# Card status codes at CARD.
UNSEEN = const(0)
MINE = const(1)
ON_TABLE = const(2)
GONE = const(3)
OWN_PILE = const(4)
OTHER_PILE = const(5)

NOBODY = const(255)


def may_declare_out(obs, rules) -> bool:
    """True when declaring out is on and would win the match (C-26; RULES §6.4, as
    engine/match.py ``declare`` judges it): the side's score plus the points it holds for sure
    this hand reaches the target or, in overtime, is above the other side's."""
    if not rules.declare_out:
        return False
    team = obs[SEAT] & 1
    mine = obs[SCORE + team] + obs[SECURED + team]
    if obs[SCORE + team] >= rules.target:  # already there, the match goes on: overtime
        return mine > obs[SCORE + 1 - team] + obs[SECURED + 1 - team]
    return mine >= rules.target


def observe(state, seat: int, out) -> None:
    """Fill ``out`` with what ``seat`` may see now (layout in the module docstring)."""
    if not 0 <= seat <= 3:  # seat 4 would see the table as its hand
        raise ValueError("seat must be 0..3")
    rules = state.rules
    where = state.where
    team = seat & 1
    for card in range(40):
        place = where[card]
        if place == seat:
            status = MINE
        elif place == TABLE:
            status = ON_TABLE
        elif place == PILE or place == PILE + 1:
            status = GONE
            if rules.review == 2 and place == PILE + team:  # review_captures=own_pile
                status = OWN_PILE
        else:
            status = UNSEEN
        out[CARD + card] = status
        out[PLAYED_BY + card] = NOBODY
        out[CAPTURED_AT + card] = NOBODY
    for slot in range(16):
        out[TABLE_SLOTS + slot] = state.table[slot]
    first = state.leader
    for ply in range(40):
        move = state.ply_move[ply] if ply < state.ply else UNKNOWN_MOVE
        if move == UNKNOWN_MOVE:
            out[HISTORY + ply] = NO_CARD
        else:
            card = move & 63
            out[HISTORY + ply] = card
            out[PLAYED_BY + card] = (first + ply) & 3
            if move >= 64:
                out[CAPTURED_AT + card] = ply
            for i in range(state.ply_log[ply], state.ply_log[ply + 1]):
                out[CAPTURED_AT + state.capture_log[i]] = ply
    if rules.review == 1:  # review_captures=first_capture (C-27's tolerance)
        for side in range(2):
            ply = state.first_capture[side] - 1
            if ply >= 0:
                status = OWN_PILE if side == team else OTHER_PILE
                move = state.ply_move[ply]
                out[CARD + (move & 63)] = status
                start = state.ply_log[ply]
                for i in range(start, start + count_slots((move >> 6) & TABLE_MASK)):
                    out[CARD + state.capture_log[i]] = status
    out[SEAT] = seat
    out[TURN] = state.turn if state.phase == PLAY else NOBODY
    out[DEALER] = state.dealer
    out[PLY] = state.ply
    for side in range(2):
        out[SCOPE + side] = state.scope[side]
        score = state.score[side]  # a byte: 255 stands for more, reached only in overtime
        out[SCORE + side] = 0 if score < 0 else (score if score < 255 else 255)
        out[PILE_COUNT + side] = NOBODY
        out[SECURED + side] = 0
    for other in range(4):
        out[HAND_COUNT + other] = state.hand_count[other]
    out[LAST_TAKER] = state.last_taker
    if rules.count_own_pile:
        count = 0
        for card in range(40):
            if where[card] == PILE + team:
                count += 1
        out[PILE_COUNT + team] = count
    if rules.declare_out and state.phase == PLAY:
        secured = state.secured
        state.declaring.secured(state, secured)
        out[SECURED] = secured[scoring.TOTAL]
        out[SECURED + 1] = secured[scoring.TOTAL + 1]
