"""Statistics kept on the board: matches played and won per level, scope made, the best match.

The app records each finished match (``record_match``), stores the statistics with
``store_stats`` (atomic, in the same container as saved games: lib/record_file.py) and shows
them on its statistics screen (lib/summaries.py); the menu's reset calls ``reset`` and stores
again. ``best`` is the widest winning margin, ``best_score`` that match's score.
``load_stats`` never fails: a missing file gives fresh statistics, a damaged one fresh
statistics with ``error`` holding the one-line reason to show.

======  =====  ==============================================================================
offset  bytes  payload version 1 (container: lib/record_file.py, magic ``SS``)
======  =====  ==============================================================================
0       16     per level of ``LEVELS``: played, won (u16 each; they stop at 65535)
16      4      scope (u32)
20      2      best margin (u16; 0 before the first win)
22      4      the best match's score: ours, theirs (u16 each)
======  =====  ==============================================================================

Allocation: edge only.
"""

from record_file import put_u16, write_record
from record_read import SaveError, read_record

STATS_NAME = "scopone.sta"
VERSION = 1
MAGIC = b"SS"

# The levels counted, in file order (append, never reorder): lib/match_setup.py's board
# levels, then the simulator's (the statistics screen, lib/summaries.py ``stats_rows``, shows
# the board's, and the simulator's once played).
LEVELS = ("easy", "normal", "hard", "desktop")

_PAYLOAD = 26
_U16_MAX = 0xFFFF
_U32_MAX = 0xFFFFFFFF


class Stats:
    """The statistics (see the module docstring). ``played`` and ``won`` map each of
    ``LEVELS`` to a count; ``scope`` is a count; ``best`` the widest winning margin and
    ``best_score`` that match's (ours, theirs), (0, 0) before the first win."""

    def __init__(self) -> None:
        self.error = None  # why the stored statistics could not be read, or None
        self.reset()

    def reset(self) -> None:
        """Forget everything (the menu's reset; store afterwards)."""
        self.played = {}
        self.won = {}
        for level in LEVELS:
            self.played[level] = 0
            self.won[level] = 0
        self.scope = 0
        self.best = 0
        self.best_score = (0, 0)

    def record_match(self, level: str, won: bool, scope: int, us: int, them: int) -> None:
        """Count a finished match at ``level``: won or not, the scope the people's side made,
        and the final score (ours, theirs). Raises ValueError for an unknown level."""
        if level not in self.played:
            raise ValueError("unknown level %r (known: %s)" % (level, ", ".join(LEVELS)))
        self.played[level] = min(self.played[level] + 1, _U16_MAX)
        if won:
            self.won[level] = min(self.won[level] + 1, _U16_MAX)
            margin = us - them
            if margin > self.best and us <= _U16_MAX and them >= 0:
                self.best = margin  # below us, so it fits a u16
                self.best_score = (us, them)
        self.scope = min(self.scope + max(scope, 0), _U32_MAX)

    def __eq__(self, other) -> bool:
        return isinstance(other, Stats) and self.played == other.played \
            and self.won == other.won and self.scope == other.scope \
            and self.best == other.best and self.best_score == other.best_score

    def __repr__(self) -> str:
        return "Stats(played=%r, won=%r, scope=%d, best=%d)" % (
            self.played, self.won, self.scope, self.best)


def encode_stats(stats) -> bytes:
    """The payload of ``stats`` (see the module docstring)."""
    out = bytearray()
    for level in LEVELS:
        put_u16(out, stats.played[level])
        put_u16(out, stats.won[level])
    put_u16(out, stats.scope & 0xFFFF)
    put_u16(out, stats.scope >> 16)
    put_u16(out, stats.best)
    put_u16(out, stats.best_score[0])
    put_u16(out, stats.best_score[1])
    return bytes(out)


def decode_stats(payload) -> Stats:
    """Stats from a payload; raises SaveError if it is not one."""
    if len(payload) != _PAYLOAD:
        raise SaveError("statistics of %d bytes, not %d" % (len(payload), _PAYLOAD))
    stats = Stats()
    pos = 0
    for level in LEVELS:
        played = _get16(payload, pos)
        won = _get16(payload, pos + 2)
        if won > played:
            raise SaveError("statistics count more wins than matches (%s)" % level)
        stats.played[level] = played
        stats.won[level] = won
        pos += 4
    stats.scope = _get16(payload, pos) | _get16(payload, pos + 2) << 16
    stats.best = _get16(payload, pos + 4)
    stats.best_score = (_get16(payload, pos + 6), _get16(payload, pos + 8))
    if stats.best != stats.best_score[0] - stats.best_score[1] \
            or (not stats.best and stats.best_score[0]):
        raise SaveError("statistics best match does not add up")
    return stats


def load_stats(directory: str) -> Stats:
    """The statistics stored in ``directory``; fresh ones if there are none or they cannot
    be read (then ``error`` says why, in one line)."""
    try:
        stats = read_record(directory, STATS_NAME, MAGIC, VERSION, "statistics",
                            decode_stats)
    except SaveError as exc:
        stats = Stats()
        stats.error = str(exc)
    return stats if stats is not None else Stats()


def store_stats(directory: str, stats) -> None:
    """Write the statistics atomically; raises OSError if the drive cannot be written."""
    write_record(directory, STATS_NAME, MAGIC, VERSION, encode_stats(stats))


def _get16(data, pos: int) -> int:
    return data[pos] | data[pos + 1] << 8
