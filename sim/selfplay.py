"""Self-play: bots play complete matches and the record is written as JSON Lines (RECORD.md).

``python -m sim selfplay --preset P --seed S --matches N --bots B0,B1,B2,B3
[--rule KEY=VALUE ...] --out FILE`` (FILE ``-`` for stdout) prints a one-line summary.
Match ``i`` uses seed ``S + i``; each bot's seed is derived from it and its seat.

Desktop only.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from engine import observe, scoring
from engine.bots import BOT_NAMES, make_bot
from engine.moves import MAX_MOVES
from engine.play import play_match
from engine.record import RecordWriter
from engine.rules import Rules
from engine.state import State

# Seat orders for rotate_partners_every_n_games (C-4 "fare il giro"): seats 0 and 2 are
# partners, so the first player partners the third, then the second, then the fourth.
_ROTATIONS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))


def count(n: int, one: str, many: str) -> str:
    """``n`` with its noun: "1 match", "3 matches"."""
    return "%d %s" % (n, one if n == 1 else many)


@dataclass
class Summary:
    """Totals over a self-play run, by player slot (the --bots order; slots 0 and 2 are
    partners unless rotate_partners_every_n_games moves them)."""

    matches: int = 0
    hands: int = 0
    wins: list = field(default_factory=lambda: [0, 0, 0, 0])
    points: list = field(default_factory=lambda: [0, 0, 0, 0])
    scope: int = 0
    seconds: float = 0.0

    def line(self, names, rotating: bool = False) -> str:
        per_hand = self.hands or 1
        if rotating:  # partners change, so count by player
            return (
                "%s, %s in %.2f s: wins by player %s; scope per hand %.2f"
                % (count(self.matches, "match", "matches"), count(self.hands, "hand", "hands"),
                   self.seconds,
                   ", ".join("%d %s %d" % (slot, names[slot], self.wins[slot])
                             for slot in range(4)),
                   self.scope / per_hand)
            )
        first = "%s+%s" % (names[0], names[2])
        second = "%s+%s" % (names[1], names[3])
        return (
            "%s, %s in %.2f s: %s won %d, %s won %d; "
            "points per hand %.2f vs %.2f; scope per hand %.2f"
            % (count(self.matches, "match", "matches"), count(self.hands, "hand", "hands"),
               self.seconds, first, self.wins[0], second,
               self.wins[1], self.points[0] / per_hand, self.points[1] / per_hand,
               self.scope / per_hand)
        )


class _Tally:
    """A match-loop listener that counts hands, points and scope by player slot."""

    def __init__(self, summary: Summary, seat_of_slot, inner=None) -> None:
        self.summary = summary
        self.seat_of_slot = seat_of_slot
        self.inner = inner

    def __getattr__(self, name):  # pass the events the tally ignores to the record writer
        inner = self.inner
        return getattr(inner, name) if inner else (lambda *args: None)

    def hand_end(self, state) -> None:
        summary = self.summary
        summary.hands += 1
        for slot in range(4):
            team = self.seat_of_slot[slot] & 1
            summary.points[slot] += state.hand_points[scoring.TOTAL + team]
        summary.scope += state.scope[0] + state.scope[1]
        if self.inner:
            self.inner.hand_end(state)

    def match_end(self, state) -> None:
        summary = self.summary
        summary.matches += 1
        for slot in range(4):
            if self.seat_of_slot[slot] & 1 == state.match.winner:
                summary.wins[slot] += 1
        if self.inner:
            self.inner.match_end(state)


def parse_rule_options(options) -> dict:
    """``["target=16", ...]`` as a dict; raises ValueError for an item without ``=`` or a
    name given twice."""
    overrides = {}
    for option in options or ():
        name, sep, value = option.partition("=")
        if not sep or not name:
            raise ValueError("--rule takes KEY=VALUE, got %r" % option)
        name = name.strip()
        if name in overrides:  # the record reader refuses a key given twice too
            raise ValueError("--rule %s is given twice" % name)
        overrides[name] = value.strip()
    return overrides


def parse_bots(text: str) -> list:
    """``"random,greedy,random,greedy"`` as four names; raises ValueError otherwise."""
    names = [name.strip() for name in text.split(",")]
    if len(names) != 4:
        raise ValueError("--bots takes four names, one per seat, got %r" % text)
    for name in names:
        if name not in BOT_NAMES:
            raise ValueError("unknown bot %r (known: %s)" % (name, ", ".join(BOT_NAMES)))
    return names


def check_counts(seed: int, matches: int) -> None:
    """Raise ValueError unless ``matches`` from ``seed`` on are a run the PRNG can seed."""
    if matches < 1:
        raise ValueError("--matches must be at least 1")
    check_seeds(seed, matches, "--matches")


def check_seeds(seed: int, runs: int, flag: str) -> None:
    """Raise ValueError unless ``seed`` and the ``runs`` seeds after it (counted by option
    ``flag``) are all seeds the PRNG takes, 0..2**30 - 1."""
    if not 0 <= seed < 1 << 30:
        raise ValueError("--seed must be in 0..2**30 - 1, not %d" % seed)
    if seed + runs > 1 << 30:  # the last run's seed is 2**30 - 1
        raise ValueError("%s %d from --seed %d would pass the last seed, 2**30 - 1"
                         % (flag, runs, seed))


def check_output(path: str | None, flag: str) -> None:
    """Raise ValueError unless a file can be written at ``path`` (checked before a run, so a
    long run does not end in an error about its output); None (not asked for) and ``-`` for
    stdout (``--out``) pass, while stdout is open."""
    if path == "-" and flag == "--out" and sys.stdout is None:  # started with it closed
        raise ValueError("--out -: standard output is closed; give a file name")
    if path is None or (path == "-" and flag == "--out"):
        return
    if not path:
        raise ValueError("%s needs a file name%s"
                         % (flag, ", or - for stdout" if flag == "--out" else ""))
    target = Path(path)
    if target.is_dir():
        raise ValueError("%s: %s is a folder" % (flag, path))
    folder = target.resolve().parent  # a link's target's folder
    if not folder.is_dir():
        raise ValueError("%s: no folder %s" % (flag, folder))
    if _written_in_place(path):
        if not os.access(target, os.W_OK):
            raise ValueError("%s: %s cannot be written" % (flag, path))
        return
    try:  # the file is written beside it first (``replacing``): try the folder
        handle, probe = tempfile.mkstemp(dir=folder, prefix=".probe-")
        os.close(handle)
        os.remove(probe)
    except OSError as error:
        raise ValueError("%s: cannot write in %s (%s)" % (flag, folder, error.strerror)) from None


def _written_in_place(path) -> bool:
    """True for a device or a pipe (``/dev/null``): ``replacing`` writes to it as it is."""
    return os.path.exists(path) and not os.path.isfile(path)


@contextmanager
def replacing(path: str):
    """A text file to write that takes the place of ``path`` only once the block ends
    without an error: a run that fails leaves the old file as it was. A link is written
    through to its file; a device or a pipe (``/dev/null``) is written to directly."""
    path = os.path.realpath(path)
    if _written_in_place(path):
        with open(path, "w", encoding="utf-8") as out:
            yield out
        return
    partial = path + ".part"
    try:
        with open(partial, "w", encoding="utf-8") as out:
            yield out
        os.replace(partial, path)
    finally:
        if os.path.exists(partial):
            os.remove(partial)


def run_selfplay(preset: str, seed: int, matches: int, bot_names, overrides=None,
                 out=None) -> Summary:
    """Play ``matches`` matches; write the record to ``out`` (a text stream) if given."""
    check_counts(seed, matches)
    rules = Rules(preset, overrides)
    state = State(rules)
    moves = [0] * MAX_MOVES
    obs = bytearray(observe.SIZE)
    summary = Summary()
    started = time.perf_counter()
    for index in range(matches):
        match_seed = seed + index
        rotation = _ROTATIONS[(index // rules.rotate_partners) % 3] if rules.rotate_partners \
            else _ROTATIONS[0]
        players = [bot_names[slot] for slot in rotation]
        bots = [make_bot(name, rules, (match_seed * 4 + seat) % (1 << 30))
                for seat, name in enumerate(players)]
        state.new_match(match_seed)
        writer = RecordWriter(out, preset, rules, match_seed, players) if out else None
        seat_of_slot = [rotation.index(slot) for slot in range(4)]
        play_match(state, bots, moves, obs, _Tally(summary, seat_of_slot, writer))
    summary.seconds = time.perf_counter() - started
    return summary


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", default="chitarrella",
                        help="rules preset, e.g. chitarrella, dieci+tre_gradi, assi+veneto")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match")
    parser.add_argument("--matches", type=int, default=1, help="how many matches to play")
    parser.add_argument("--bots", default="greedy,greedy,greedy,greedy",
                        help="four bot names, seats 0..3 (%s)" % ", ".join(BOT_NAMES))
    parser.add_argument("--rule", action="append", metavar="KEY=VALUE",
                        help="override one rule parameter (RULES.md §11); repeatable")
    parser.add_argument("--out", default=None, help="record file, - for stdout")
    parser.set_defaults(run=_run)


def _run(args) -> int:
    names = parse_bots(args.bots)
    overrides = parse_rule_options(args.rule)
    rotating = Rules(args.preset, overrides).rotate_partners > 0
    check_counts(args.seed, args.matches)  # before the record file is touched
    check_output(args.out, "--out")
    if args.out == "-":
        summary = run_selfplay(args.preset, args.seed, args.matches, names, overrides,
                               sys.stdout)
        print(summary.line(names, rotating), file=sys.stderr)
        return 0
    if args.out:
        with replacing(args.out) as out:
            summary = run_selfplay(args.preset, args.seed, args.matches, names, overrides, out)
    else:
        summary = run_selfplay(args.preset, args.seed, args.matches, names, overrides)
    print(summary.line(names, rotating))
    return 0
