"""Cards as small ints: encoding, values, names.

A card is ``suit * 10 + rank`` (0..39): ranks 0..9 are A 2 3 4 5 6 7 J Q K, so the capture
value is ``rank + 1``; suits 0..3 are d c b s (denari first), as in RECORD.md.

Rules: C-2, C-3, C-18; RULES §1.2, §1.3.
Allocation: none (the name helpers build strings and are for the edges only).
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


from engine.kinds import byte_table

DECK_SIZE = const(40)
NO_CARD = const(255)  # marks an empty slot in a card buffer

DENARI = const(0)  # the scoring suit (RULES §1.1)
SETTEBELLO = const(6)  # 7 of denari, C-3
RE_BELLO = const(9)  # king of denari, RULES §5.3
KING_RANK = const(9)

RANK_CHARS = "A234567JQK"
SUIT_CHARS = "dcbs"

# C-18: primiera values by rank A 2 3 4 5 6 7 J Q K.
PRIMIERA = byte_table(b"\x10\x0c\x0d\x0e\x0f\x12\x15\x0a\x0a\x0a")  # 16 12 13 14 15 18 21 10 10 10

# Capture value of each card 0..39 (C-3): value = rank + 1. A literal, so importing makes
# no garbage (tests/test_cards.py checks it).
VALUE = byte_table(
    b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a"
    b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a"
    b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a"
    b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a"
)


def card_value(card: int) -> int:
    """Capture value 1..10 of ``card`` (C-3)."""
    return card % 10 + 1


def card_rank(card: int) -> int:
    """Rank index 0..9 (A..K) of ``card``."""
    return card % 10


def card_suit(card: int) -> int:
    """Suit 0..3 (d c b s) of ``card``."""
    return card // 10


def make_card(rank: int, suit: int) -> int:
    """The card of rank index 0..9 and suit 0..3."""
    return suit * 10 + rank


def card_name(card: int) -> str:
    """Two-character record name of ``card``, e.g. ``"7d"`` (RECORD.md)."""
    return RANK_CHARS[card % 10] + SUIT_CHARS[card // 10]


def parse_card(name: str) -> int:
    """The card named ``name`` (``"7d"``, ``"Kb"``); raises ValueError for anything else."""
    if not isinstance(name, str) or len(name) != 2:
        raise ValueError("not a card name: %r" % (name,))
    rank = RANK_CHARS.find(name[0])
    suit = SUIT_CHARS.find(name[1])
    if rank < 0 or suit < 0:
        raise ValueError("not a card name: %r" % (name,))
    return suit * 10 + rank
