"""Move encoding: one small int packs the card played and the table slots it takes.

Bits 0-5 hold the card, bits 6-21 the mask of table slots taken, bit 22 marks an ace that
captures itself on an empty table and bit 23 an ace sweep (RULES §7). A move with no slots
and no flag is a trail. Every move stays below 2**24. The hot paths (engine/capture.py,
engine/state.py) pack and unpack moves inline, with the shifts and masks named here.

Allocation: none.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


from engine.kinds import byte_table

MAX_TABLE = const(16)  # table slots; RULES §4.5 bounds a table to 13 cards without ace rules
MAX_MOVES = const(192)  # legal-move buffer size; see engine/capture.py for the bound
MAX_CARD_MOVES = const(26)  # the most legal moves one card can have (engine/capture.py)
TABLE_MASK = const(0xFFFF)
SELF_TAKE = const(0x400000)  # ace takes itself onto an empty table (ace_on_empty_table)
ACE_SWEEP = const(0x800000)  # ace takes the whole table (ace_sweep)

# Index of the bit in a one-bit mask, by ``bit % 37`` (2**k % 37 is distinct for k < 36).
BIT_INDEX = byte_table(
    b"\x00\x00\x01\x1a\x02\x17\x1b\x00\x03\x10\x18\x1e\x1c\x0b\x00\x0d\x04\x07\x11"
    b"\x00\x19\x16\x1f\x0f\x1d\x0a\x0c\x06\x00\x15\x0e\x09\x05\x14\x08\x13\x12"
)


UNKNOWN_MOVE = const(-1)  # a ply of a set-up position whose play is not known


def encode_move(card: int, take: int = 0, flags: int = 0) -> int:
    """The move that plays ``card`` and takes the table slots in ``take``."""
    return card | (take << 6) | flags


def move_card(move: int) -> int:
    """The card a move plays."""
    return move & 63


def move_take(move: int) -> int:
    """The mask of table slots a move takes (0 for a trail or a self-take)."""
    return (move >> 6) & TABLE_MASK


def move_flags(move: int) -> int:
    """SELF_TAKE, ACE_SWEEP or 0."""
    return move & (SELF_TAKE | ACE_SWEEP)


def is_capture(move: int) -> bool:
    """True unless the move trails its card onto the table."""
    return move >= 64


def slot_of_bit(bit: int) -> int:
    """Index of the single set bit in ``bit`` (a slot mask with one slot)."""
    return BIT_INDEX[bit % 37]


def count_slots(mask: int) -> int:
    """How many slots a slot mask holds."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count
