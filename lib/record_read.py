"""Reading back the file container of saved games, statistics and kept choices
(lib/record_file.py has its layout and the writing side): ``read_record`` takes the newer valid
copy of ``NAME`` and ``NAME.new``, and says in one line why a record cannot be used.

Only readers load it (lib/save_read.py at start-up and to continue a match, lib/stats.py and
lib/settings.py),
so a store during a match does not hold it.

Allocation: edge only.
"""

from crc import crc16
from record_file import ENOENT, HEADER, NEW_SUFFIX, OVERHEAD, file_path, newer


class SaveError(ValueError):
    """A save that cannot be used; the message says in one line what is wrong with it.
    Here, not in lib/record_file.py, so a store does not hold the class."""


def unseal(data, magic: bytes, version: int, what: str = "save") -> tuple:
    """(sequence, payload) of a container; raises SaveError naming ``what`` if it is
    truncated, corrupt, of another kind or of another version."""
    size = len(data)
    if size < OVERHEAD:
        raise SaveError("%s truncated (%d bytes)" % (what, size))
    want = OVERHEAD + (data[5] | data[6] << 8)
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
    return data[3] | data[4] << 8, bytes(data[HEADER:want - 2])


def read_record(directory: str, name: str, magic: bytes, version: int, what: str, parse):
    """``parse(payload)`` of the newest usable record at ``directory/name``; None if there is
    none. Raises SaveError (one line, naming the file) when a record exists but none of its
    copies is usable. ``parse`` raises SaveError for a payload it refuses.

    Only the torn start of a first store (a ``.new`` alone, invalid) counts as no record.
    """
    main = file_path(directory, name)
    found = []  # (sequence, payload, file name)
    errors = []
    main_exists = False
    for path, label in ((main, name), (main + NEW_SUFFIX, name + NEW_SUFFIX)):
        try:
            data = _read(path)
        except OSError as exc:
            data = exc
        if data is None:
            continue
        main_exists = main_exists or label == name
        if isinstance(data, OSError):
            errors.append("%s: cannot read it (%s)" % (label, one_line(data)))
            continue
        try:
            sequence, payload = unseal(data, magic, version, what)
        except SaveError as exc:
            errors.append("%s: %s" % (label, exc))
            continue
        found.append((sequence, payload, label))
    if len(found) == 2 and newer(found[1][0], found[0][0]):
        found.reverse()
    for _, payload, label in found:
        try:
            return parse(payload)
        except SaveError as exc:
            errors.append("%s: %s" % (label, exc))
    if not errors or (not main_exists and not found):
        return None
    raise SaveError(errors[0])


def one_line(exc) -> str:
    """The message of ``exc`` on one line."""
    return str(exc).replace("\n", " ")


def _read(path: str):
    """The bytes of the file at ``path``, or None if there is no such file."""
    try:
        file = open(path, "rb")
    except OSError as exc:
        if exc.args and exc.args[0] == ENOENT:
            return None
        raise
    try:
        return file.read()
    finally:
        file.close()
