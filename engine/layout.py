"""Names for the codes the state keeps in its buffers: phases, card locations, deal results;
and ``WHOLE``, the slice that copies a whole buffer without allocating.

Shared by engine/state.py and the modules it delegates to, so none of them imports another.

Allocation: none.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


# Phases of State.phase.
DEAL = const(0)  # a chance step is due: call deal()
PLAY = const(1)  # current_seat() is to play
HAND_OVER = const(2)  # all cards played: call end_hand()
TERMINAL = const(3)  # the match is decided

# Values of current_seat() when no seat is to play (OpenSpiel's sentinels).
CHANCE = const(-1)
NO_SEAT = const(-2)

# Card locations in State.where: 0..3 a seat's hand, then these.
TABLE = const(4)
PILE = const(5)  # PILE + team
NOWHERE = const(7)  # not dealt (test positions)

NO_TAKER = const(255)  # State.last_taker before the first capture of a hand

# Results of State.deal().
DEALT = const(0)
REDEAL_KINGS = const(1)  # C-9: three or more kings on the table
REDEAL_SUM = const(2)  # redeal_if_table_sum_le


class _Slicer:
    def __getitem__(self, key):
        return key


# ``buffer[WHOLE] = blank`` copies a whole buffer at C speed. ``buffer[:]`` would build a slice
# object on the heap at every call on MicroPython, which cannot call slice() by name either:
# one slice is made here, by subscript, and reused.
WHOLE = _Slicer()[:]
del _Slicer


class IllegalMove(ValueError):
    """A move the rules forbid; the message names the card and the reason."""
