"""The file container of saved games and statistics, written so a power cut cannot ruin it.

Atomic writes. ``write_record`` writes ``NAME.new`` in full, flushes and syncs it, then
removes ``NAME`` and renames the new file (on CircuitPython's FAT, ``os.rename`` fails
when the target exists, so the old file must go first). A power cut therefore leaves the old
file, both files, or the new file alone; the reader (lib/record_read.py) takes the valid one
with the newer sequence number. Before writing, ``write_record`` finishes any store that was
cut short, so the newest valid save is never the file being overwritten.

File layout: numbers are little-endian.

======  =====  ==============================================================================
offset  bytes  container
======  =====  ==============================================================================
0       2      magic: ``SG`` a saved game, ``SS`` statistics, ``SP`` the kept choices
2       1      payload version (``VERSION``); the container itself never changes
3       2      sequence number (u16, wrapping): one more than the file it replaces
5       2      payload length n (u16)
7       n      payload
7+n     2      CRC-16 of bytes 0..6+n (lib/crc.py)
======  =====  ==============================================================================

This module is the writing side and what the reader shares with it; lib/record_read.py is the
reading side (with ``SaveError``, the one error a reader raises), loaded only to read (at
start-up, to continue, for the statistics). lib/save.py,
lib/stats.py and lib/settings.py put their payloads in the container. The app drops all of these
modules after each use (lib/app.py ``_FILE_MODULES``), and a store loads only lib/save.py, this
module and lib/crc.py.

Allocation: edge only.
"""

import os

from crc import crc16

NEW_SUFFIX = ".new"  # the file a store writes before it replaces the record
HEADER = 7  # container bytes before the payload
OVERHEAD = 9  # the header and the CRC
ENOENT = 2  # errno of a missing file, on CPython, MicroPython and CircuitPython


def seal(magic: bytes, version: int, sequence: int, payload) -> bytes:
    """The container around ``payload`` (see the module docstring)."""
    size = len(payload)
    if size > 0xFFFF:
        raise ValueError("payload of %d bytes is too long" % size)
    out = bytearray(magic)
    out.append(version)
    put_u16(out, sequence & 0xFFFF)
    put_u16(out, size)
    out.extend(payload)
    put_u16(out, crc16(out))
    return bytes(out)


def newer(a: int, b: int) -> bool:
    """True if sequence ``a`` comes after ``b`` (RFC 1982 serial numbers, 16 bits)."""
    return a != b and (a - b) & 0xFFFF < 0x8000


def write_record(directory: str, name: str, magic: bytes, version: int, payload) -> None:
    """Write ``payload`` to ``directory/name`` atomically (see the module docstring).

    Raises OSError if the drive cannot be written (e.g. CircuitPython while USB has it);
    the previous file is then untouched.
    """
    path = file_path(directory, name)
    new = path + NEW_SUFFIX
    # Finish a store a power cut interrupted, so ``path`` holds the newest valid record
    # before ``new`` is overwritten.
    current = _file_sequence(path, magic, version)
    pending = _file_sequence(new, magic, version)
    if pending >= 0 and (current < 0 or newer(pending, current)):
        _remove(path)
        os.rename(new, path)
        _sync()
        current = pending
    else:
        _remove(new)  # missing, torn or stale
    data = seal(magic, version, current + 1, payload)  # sequence 0 after none (-1)
    with open(new, "wb") as file:
        file.write(data)
        file.flush()
        _sync(file)  # the new copy is whole on the drive before the old one goes
    _remove(path)  # FAT: rename does not replace a file
    os.rename(new, path)
    _sync()


def remove_record(directory: str, name: str) -> None:
    """Delete ``directory/name`` and its ``.new``; no error if they are missing."""
    path = file_path(directory, name)
    _remove(path)
    _remove(path + NEW_SUFFIX)
    _sync()


def file_path(directory: str, name: str) -> str:
    """``directory/name``; ``name`` alone when ``directory`` is empty."""
    if not directory:
        return name
    return directory + name if directory.endswith("/") else directory + "/" + name


def put_u16(out, value: int) -> None:
    """Append ``value`` to ``out`` as two bytes, little-endian."""
    out.append(value & 0xFF)
    out.append((value >> 8) & 0xFF)


def _file_sequence(path: str, magic: bytes, version: int) -> int:
    """The sequence number of the record at ``path`` if it is whole and valid (the checks of
    lib/record_read.py ``unseal``, without the messages), else -1."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError:  # missing or unreadable
        return -1
    size = len(data)
    if (size < OVERHEAD or size != OVERHEAD + (data[5] | data[6] << 8) or data[0:2] != magic
            or data[2] != version
            or crc16(data, 0xFFFF, 0, size - 2) != data[size - 2] | data[size - 1] << 8):
        return -1
    return data[3] | data[4] << 8


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except OSError as exc:
        if not exc.args or exc.args[0] != ENOENT:  # already gone
            raise


def _sync(file=None) -> None:
    """Push written data to the drive: CircuitPython's ``os.sync`` flushes its flash cache;
    CPython syncs just ``file`` (a full ``os.sync`` would stall the desktop); MicroPython has
    neither and writes through on close."""
    if hasattr(os, "fsync"):
        if file is not None:
            os.fsync(file.fileno())
    elif hasattr(os, "sync"):
        os.sync()
