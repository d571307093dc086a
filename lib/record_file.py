"""The file container of saved games and statistics, written so a power cut cannot ruin it.

Atomic writes. ``write_record`` writes ``NAME.new`` in full, flushes and syncs it, then
removes ``NAME`` and renames the new file (on CircuitPython's FAT, ``os.rename`` fails
when the target exists, so the old file must go first). A power cut therefore leaves the old
file, both files, or the new file alone; ``read_record`` takes the valid one with the newer
sequence number. Before writing, ``write_record`` finishes any store that was cut short, so the
newest valid save is never the file being overwritten.

File layout: numbers are little-endian.

======  =====  ==============================================================================
offset  bytes  container
======  =====  ==============================================================================
0       2      magic: ``SG`` a saved game, ``SS`` statistics
2       1      payload version (``VERSION``); the container itself never changes
3       2      sequence number (u16, wrapping): one more than the file it replaces
5       2      payload length n (u16)
7       n      payload
7+n     2      CRC-16 of bytes 0..6+n (lib/crc.py)
======  =====  ==============================================================================

lib/save.py and lib/stats.py put their payloads in it; the app drops lib/save.py from memory
between stores, so only this module and the statistics stay loaded.

Allocation: edge only.
"""

import os

from crc import crc16

NEW_SUFFIX = ".new"  # the file a store writes before it replaces the record
_HEADER = 7  # container bytes before the payload
_OVERHEAD = 9  # header and CRC
_ENOENT = 2  # errno of a missing file, on CPython, MicroPython and CircuitPython


class SaveError(ValueError):
    """A save that cannot be used; the message says in one line what is wrong with it."""


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


def unseal(data, magic: bytes, version: int, what: str = "save") -> tuple:
    """(sequence, payload) of a container; raises SaveError naming ``what`` if it is
    truncated, corrupt, of another kind or of another version."""
    size = len(data)
    if size < _OVERHEAD:
        raise SaveError("%s truncated (%d bytes)" % (what, size))
    want = _OVERHEAD + (data[5] | data[6] << 8)
    if size < want:
        raise SaveError("%s truncated (%d of %d bytes)" % (what, size, want))
    if size > want:
        raise SaveError("%s corrupt (%d bytes past its end)" % (what, size - want))
    if crc16(data, 0xFFFF, 0, want - 2) != data[want - 2] | data[want - 1] << 8:
        raise SaveError("%s corrupt (checksum mismatch)" % what)
    if data[0:2] != magic:  # checked after the CRC: a torn file reads as corrupt, not alien
        raise SaveError("%s is a file of another kind" % what)
    if data[2] != version:
        raise SaveError("%s has version %d; this game reads version %d"
                        % (what, data[2], version))
    return data[3] | data[4] << 8, bytes(data[_HEADER:want - 2])


def write_record(directory: str, name: str, magic: bytes, version: int, payload) -> None:
    """Write ``payload`` to ``directory/name`` atomically (see the module docstring).

    Raises OSError if the drive cannot be written (e.g. CircuitPython while USB has it);
    the previous file is then untouched.
    """
    path = _path(directory, name)
    new = path + NEW_SUFFIX
    data = seal(magic, version, _settle(path, new, magic, version), payload)
    with open(new, "wb") as file:
        file.write(data)
        file.flush()
        _sync(file)  # the new copy is whole on the drive before the old one goes
    _remove(path)  # FAT: rename does not replace a file
    os.rename(new, path)
    _sync()


def read_record(directory: str, name: str, magic: bytes, version: int, what: str, parse):
    """``parse(payload)`` of the newest usable record at ``directory/name``; None if there is
    none. Raises SaveError (one line, naming the file) when a record exists but none of its
    copies is usable. ``parse`` raises SaveError for a payload it refuses.

    Only the torn start of a first store (a ``.new`` alone, invalid) counts as no record.
    """
    path = _path(directory, name)
    found = []  # (sequence, payload, file name)
    errors = []
    main_exists = False
    for file_path, label in ((path, name), (path + NEW_SUFFIX, name + NEW_SUFFIX)):
        try:
            data = _read(file_path)
        except OSError as exc:
            data = exc
        if data is None:
            continue
        main_exists = main_exists or file_path == path
        if isinstance(data, OSError):
            errors.append("%s: cannot read it (%s)" % (label, one_line(data)))
            continue
        try:
            sequence, payload = unseal(data, magic, version, what)
        except SaveError as exc:
            errors.append("%s: %s" % (label, exc))
            continue
        found.append((sequence, payload, label))
    if len(found) == 2 and _newer(found[1][0], found[0][0]):
        found.reverse()
    for _, payload, label in found:
        try:
            return parse(payload)
        except SaveError as exc:
            errors.append("%s: %s" % (label, exc))
    if not errors or (not main_exists and not found):
        return None
    raise SaveError(errors[0])


def remove_record(directory: str, name: str) -> None:
    """Delete ``directory/name`` and its ``.new``; no error if they are missing."""
    path = _path(directory, name)
    _remove(path)
    _remove(path + NEW_SUFFIX)
    _sync()


def _settle(path: str, new: str, magic: bytes, version: int) -> int:
    """Finish a store a power cut interrupted, so ``path`` holds the newest valid record
    before ``new`` is overwritten; return the sequence number the next record takes."""
    current = _sequence(path, magic, version)
    pending = _sequence(new, magic, version)
    if pending >= 0 and (current < 0 or _newer(pending, current)):
        _remove(path)
        os.rename(new, path)
        _sync()
        current = pending
    else:
        _remove(new)  # missing, torn or stale
    return (current + 1) & 0xFFFF if current >= 0 else 0


def _sequence(path: str, magic: bytes, version: int) -> int:
    """The sequence number of the valid record at ``path``, or -1."""
    try:
        data = _read(path)
        return -1 if data is None else unseal(data, magic, version)[0]
    except (OSError, SaveError):
        return -1


def _newer(a: int, b: int) -> bool:
    """True if sequence ``a`` comes after ``b`` (RFC 1982 serial numbers, 16 bits)."""
    return a != b and (a - b) & 0xFFFF < 0x8000


def _path(directory: str, name: str) -> str:
    if not directory:
        return name
    return directory + name if directory.endswith("/") else directory + "/" + name


def _read(path: str):
    """The bytes of the file at ``path``, or None if there is no such file."""
    try:
        file = open(path, "rb")
    except OSError as exc:
        if exc.args and exc.args[0] == _ENOENT:
            return None
        raise
    try:
        return file.read()
    finally:
        file.close()


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except OSError as exc:
        if not exc.args or exc.args[0] != _ENOENT:
            raise


def _sync(file=None) -> None:
    """Push written data to the drive: CircuitPython's ``os.sync`` flushes its flash cache;
    CPython syncs just ``file`` (a full ``os.sync`` would stall the desktop); MicroPython has
    neither and writes through on close."""
    if hasattr(os, "fsync"):
        if file is not None:
            os.fsync(file.fileno())
        return
    sync = getattr(os, "sync", None)
    if sync is not None:
        sync()


def one_line(exc) -> str:
    """The message of ``exc`` on one line."""
    return str(exc).replace("\n", " ")


def put_u16(out, value: int) -> None:
    """Append ``value`` to ``out`` as two bytes, little-endian."""
    out.append(value & 0xFF)
    out.append((value >> 8) & 0xFF)
