"""CRC-16 for the save and statistics files (lib/save.py): catches a torn or corrupt file.

CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR;
the check value of ``b"123456789"`` is 0x29B1). It detects every single-bit error, every
burst of up to 16 bits and every odd number of flipped bits, and misses other damage with a
chance of 1 in 65,536; the loader's own checks catch most of the rest.

Why 16 bits, not CRC-32: every intermediate stays below 2**16, so on a 32-bit board nothing
outgrows the small-int range and allocates, and there is no ``binascii`` on every build. A
16-entry table, processed a nibble at a time, is a constant tuple: no table to build in RAM.

Allocation: none (a constant tuple, small ints).
"""

# The CRC of each 4-bit value: _NIBBLES[n] = crc16 of n shifted in from zero.
_NIBBLES = (
    0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
    0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF,
)


def crc16(data, crc: int = 0xFFFF, start: int = 0, end: int = -1) -> int:
    """CRC-16/CCITT-FALSE of ``data[start:end]`` (all of it by default), from ``crc``."""
    if end < 0:
        end = len(data)
    table = _NIBBLES
    for i in range(start, end):
        byte = data[i]
        crc = ((crc << 4) & 0xFFFF) ^ table[(crc >> 12) ^ (byte >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ table[(crc >> 12) ^ (byte & 15)]
    return crc
