"""The kind of the engine's buffers of small ints on each runtime: bytes on a board, lists
and tuples on CPython.

The state keeps cards, slots, seats and its per-ply logs in buffers, and play reads constant
tables (``cards.VALUE``, ``moves.BIT_INDEX``, ``capture.SUMS_OF``...). On a board a bytearray
holds an item in a byte where a list holds a pointer of four, so they are bytes there. CPython
reads and writes a list or tuple item on a specialised path and a bytearray or bytes item
through a generic one: with lists and tuples the engine plays about 14% more hands a second
(``make bench``; 14% fewer instructions a hand by callgrind). The engine uses both kinds alike:
items by index, and whole-buffer copies from a blank of the same kind (``buffer[WHOLE] =
blank``, engine/layout.py). A list takes any int where a bytearray takes 0..255 only, so
tests/test_properties.py also plays on CPython with ``_LISTS`` false.

A board's build (sim/minify.py ``board_kinds``) writes what these return on a board in place of
each call (``byte_table(x)`` becomes ``(x)``, ``byte_buffer(n)`` ``bytearray(n)``) and leaves this
module out, so the board holds none of it. Run as written (``AS_WRITTEN=1``, the MicroPython
tests' sources), it chooses by ``sys.implementation``, as below.

Allocation: at import and construction only.
"""

import sys

_LISTS = sys.implementation.name == "cpython"


def byte_table(data: bytes):
    """A constant table or a blank with the ints of ``data``: a tuple on CPython, the bytes
    themselves on a board (from a ROMFS image they stay in flash)."""
    return tuple(data) if _LISTS else data


def byte_buffer(size: int):
    """A buffer of ``size`` zeros: a list on CPython, a bytearray on a board."""
    return [0] * size if _LISTS else bytearray(size)
