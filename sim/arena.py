"""The arena: two bots play the same deals in duplicate, and the report gives their gap.

The gap is the points per hand one side wins over the other, with a 95% confidence interval.

``python -m sim arena --preset P --deals N --a BOT[:ITERS[:MS]] --b BOT[:ITERS[:MS]] [--seed S]
[--matches M] [--jobs J] [--quiet] [--out FILE] [--plot FILE.png] [--rule KEY=VALUE ...]``

- Budgets: ``master:400`` gives 400 iterations, ``master:400:5`` also a 5 ms deadline,
  ``master::5`` the deadline alone; a missing or empty field is 0, the bot's default.
- Duplicate deals: deal ``i`` (seed ``S + i``) is one complete hand (the deal with its redeals,
  every play, ``State.score_hand``), played twice: A at seats 0 and 2, then the same cards
  and dealer with B there. The bot at a seat is seeded from the deal seed and the seat alone
  (as in selfplay), whichever side holds the seat, so a bot against itself scores the same
  in both plays: ``d_i`` = ((A - B) in play 1 + (A - B) in play 2) / 2 is then exactly 0.
  A lone hand asks no one to declare out (there is no match score to declare against).
- Duplicate matches: match ``j < M`` (seed ``S + j``, bots seeded as above) is played to its
  end twice, A first at seats 0 and 2 then at 1 and 3. Its first hand is deal ``j``. The
  default is one pair per 10 deals (at least one); ``--matches 0`` plays none.
- ``--out FILE`` writes the record (RECORD.md) of every duplicate match, in order, A's seats
  first; ``-`` for stdout (the report then goes to stderr). ``engine.record.read_record``
  needs each match to end with ``match_end``, which a lone hand never reaches, so the deals'
  single hands are not recorded as such; but the first hand of match ``j`` replays deal ``j``
  (same cards, same bot seeds), so it is recorded there unless a bot declares out or has a
  deadline.
- Statistics: mean of the ``d_i``, sample standard deviation ``s`` and mean +- 1.96 s / sqrt(N),
  the normal approximation: right for N >= 30, a little narrow below. Hands won count single
  plays; scope per hand too. Decision times are ``time.perf_counter`` around each
  ``bot.choose``, in the deals and the matches.
- ``--jobs J`` (default ``os.cpu_count()``) plays chunks of deals and matches on J processes.
  Every game depends on its seed only, so the results (not the times) equal ``--jobs 1``,
  unless a bot has a deadline, which makes its play depend on the machine's speed.

Desktop only.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from array import array
from dataclasses import dataclass, field
from io import StringIO

from engine import observe, scoring
from engine.bots import BOT_NAMES, make_bot
from engine.layout import DEALT, PLAY
from engine.moves import MAX_MOVES
from engine.play import play_match
from engine.record import RecordWriter
from engine.rules import Rules
from engine.state import State
from sim.selfplay import check_output, check_seeds, parse_rule_options, replacing

Z95 = 1.96  # two-sided 95% quantile of the normal distribution
_DEALS_PER_MATCH_PAIR = 10
SEARCH_BOT = "master"  # the one bot of BOT_NAMES with a budget (engine/bots/__init__.py)
_SEED_LIMIT = 1 << 30


# -- statistics (pure) ------------------------------------------------------------------------

def mean(values) -> float:
    """The arithmetic mean of a non-empty sequence."""
    return sum(values) / len(values)


def sample_sd(values) -> float:
    """The sample standard deviation (divisor n - 1); 0.0 for fewer than two values."""
    count = len(values)
    if count < 2:
        return 0.0
    centre = mean(values)
    return math.sqrt(sum((v - centre) ** 2 for v in values) / (count - 1))


def ci95(values) -> tuple[float, float]:
    """mean -+ 1.96 * s / sqrt(n): the normal-approximation 95% interval of the mean."""
    centre = mean(values)
    half = Z95 * sample_sd(values) / math.sqrt(len(values))
    return centre - half, centre + half


# -- bots and their budgets -------------------------------------------------------------------

@dataclass(frozen=True)
class BotSpec:
    """A bot name with its budget (0: the bot's default)."""

    name: str
    iterations: int = 0
    deadline_ms: int = 0

    @property
    def label(self) -> str:
        """The spec as written on the command line, shortest form."""
        if self.deadline_ms:
            return "%s:%d:%d" % (self.name, self.iterations, self.deadline_ms)
        return "%s:%d" % (self.name, self.iterations) if self.iterations else self.name


def parse_budget(text: str) -> BotSpec:
    """``"master:400:5"`` -> BotSpec("master", 400, 5); checks the syntax, not the name."""
    parts = text.split(":")
    if len(parts) > 3 or not parts[0].strip():
        raise ValueError("bad bot %r: write BOT[:ITERS[:MS]], e.g. master:400:5" % text)
    budget = []
    for part in parts[1:] + [""] * (3 - len(parts)):
        part = part.strip()
        if part and not part.isdecimal():
            raise ValueError("bad budget %r in %r: ITERS and MS are whole numbers >= 0"
                             % (part, text))
        budget.append(int(part) if part else 0)
    return BotSpec(parts[0].strip(), budget[0], budget[1])


def parse_bot(text: str) -> BotSpec:
    """``parse_budget``, then the name must be one of BOT_NAMES."""
    spec = parse_budget(text)
    if spec.name not in BOT_NAMES:
        raise ValueError("unknown bot %r (known: %s)" % (spec.name, ", ".join(BOT_NAMES)))
    if spec.name != SEARCH_BOT and (spec.iterations or spec.deadline_ms):
        raise ValueError("%r: only %s searches, so only it takes a budget" % (text, SEARCH_BOT))
    return spec


@dataclass
class Clock:
    """Decision times of one side: count, total and longest, in seconds."""

    count: int = 0
    total: float = 0.0
    longest: float = 0.0

    def merge(self, other: Clock) -> None:
        self.count += other.count
        self.total += other.total
        self.longest = max(self.longest, other.longest)


class _TimedBot:
    """A bot whose ``choose`` is timed into a Clock; the rest passes through."""

    def __init__(self, bot, clock: Clock) -> None:
        self.bot = bot
        self.clock = clock
        self.needs_observation = bot.needs_observation

    def choose(self, obs, moves, count: int) -> int:
        started = time.perf_counter()
        move = self.bot.choose(obs, moves, count)
        spent = time.perf_counter() - started
        clock = self.clock
        clock.count += 1
        clock.total += spent
        if spent > clock.longest:
            clock.longest = spent
        return move

    def wants_declare(self, obs) -> bool:
        return self.bot.wants_declare(obs)


# -- playing (in the worker processes) --------------------------------------------------------

@dataclass(frozen=True)
class Setup:
    """What every worker needs to play its chunk (picklable)."""

    preset: str
    overrides: dict
    a: BotSpec
    b: BotSpec
    seed: int
    record: bool = False


@dataclass
class Chunk:
    """A worker's results. Per deal, 8 ints: A's points, B's points, A's scope, B's scope in
    play 1, then in play 2. Per match pair, the side that won each match (0 A, 1 B). Then the
    record text and the clocks of A and B."""

    deals: list = field(default_factory=list)
    matches: list = field(default_factory=list)
    record: str = ""
    clocks: tuple = field(default_factory=lambda: (Clock(), Clock()))


class _Table:
    """Rules, a State and the engine buffers, made once per chunk."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.rules = Rules(setup.preset, setup.overrides)
        self.state = State(self.rules)
        self.moves = [0] * MAX_MOVES
        self.obs = bytearray(observe.SIZE)
        self.points = array("h", [0] * scoring.SIZE)

    def bots(self, game_seed: int, a_team: int, clocks) -> list:
        """Seat by seat: A's bot on team ``a_team``, B's on the other, seeded by seat alone."""
        setup = self.setup
        bots = []
        for seat in range(4):
            side = 0 if seat & 1 == a_team else 1
            spec = setup.b if side else setup.a
            bot = make_bot(spec.name, self.rules, (game_seed * 4 + seat) % _SEED_LIMIT,
                           spec.iterations, spec.deadline_ms)
            bots.append(_TimedBot(bot, clocks[side]))
        return bots

    def play_hand(self, deal_seed: int, a_team: int, clocks) -> tuple:
        """Deal ``deal_seed``'s first hand, play it, score it: (A pts, B pts, A scope, B scope)."""
        state = self.state
        moves = self.moves
        obs = self.obs
        bots = self.bots(deal_seed, a_team, clocks)
        state.new_match(deal_seed)
        while state.deal() != DEALT:  # C-9: the same dealer deals again
            pass
        while state.phase == PLAY:
            seat = state.turn
            bot = bots[seat]
            if bot.needs_observation:
                state.observe(seat, obs)
            count = state.legal_moves(moves)
            state.apply(bot.choose(obs, moves, count))
        points = self.points
        state.score_hand(points)
        b_team = 1 - a_team
        return (points[scoring.TOTAL + a_team], points[scoring.TOTAL + b_team],
                points[scoring.P_SCOPE + a_team], points[scoring.P_SCOPE + b_team])

    def play_match(self, match_seed: int, a_team: int, clocks, out) -> int:
        """Play match ``match_seed`` to its end; 0 if A won it, 1 if B did."""
        setup = self.setup
        bots = self.bots(match_seed, a_team, clocks)
        state = self.state
        state.new_match(match_seed)
        writer = None
        if out is not None:
            players = [(setup.a if seat & 1 == a_team else setup.b).label for seat in range(4)]
            writer = RecordWriter(out, setup.preset, self.rules, match_seed, players)
        play_match(state, bots, self.moves, self.obs, writer)
        return 0 if state.match.winner == a_team else 1


def play_chunk(task: tuple) -> Chunk:
    """Play ``(setup, kind, first, count)``: deals or match pairs ``first..first+count-1``."""
    setup, kind, first, count = task
    table = _Table(setup)
    chunk = Chunk()
    out = StringIO() if setup.record else None
    for index in range(first, first + count):
        game_seed = setup.seed + index
        if kind == "deals":
            chunk.deals.append(table.play_hand(game_seed, 0, chunk.clocks)
                               + table.play_hand(game_seed, 1, chunk.clocks))
        else:
            chunk.matches.append((table.play_match(game_seed, 0, chunk.clocks, out),
                                  table.play_match(game_seed, 1, chunk.clocks, out)))
    chunk.record = out.getvalue() if out is not None else ""
    return chunk


# -- the run and its report ---------------------------------------------------------------------

@dataclass
class Report:
    """Everything the arena measured, in deal and match order."""

    setup: Setup
    plays: list = field(default_factory=list)  # per deal: 8 ints, as in Chunk.deals
    matches: list = field(default_factory=list)  # per match pair: (winner side, winner side)
    clocks: tuple = field(default_factory=lambda: (Clock(), Clock()))
    jobs: int = 1
    seconds: float = 0.0

    @property
    def diffs(self) -> list:
        """``d_i`` per deal: the mean over its two plays of A's points minus B's."""
        return [(p[0] - p[1] + p[4] - p[5]) / 2 for p in self.plays]

    def hands_won(self) -> tuple[int, int, int]:
        """Single plays won by A, by B, and tied."""
        margins = [p[0] - p[1] for p in self.plays] + [p[4] - p[5] for p in self.plays]
        return (sum(m > 0 for m in margins), sum(m < 0 for m in margins),
                sum(m == 0 for m in margins))

    def matches_won(self) -> tuple[int, int]:
        """Matches won by A and by B."""
        sides = [side for pair in self.matches for side in pair]
        return sides.count(0), sides.count(1)

    def scope_per_hand(self) -> tuple[float, float]:
        """Mean scope per single play by A and by B."""
        plays = 2 * len(self.plays)
        return (sum(p[2] + p[6] for p in self.plays) / plays,
                sum(p[3] + p[7] for p in self.plays) / plays)

    def lines(self) -> list[str]:
        """The report, a few readable lines; ``diff_mean m ci95 low high ...`` is for scripts."""
        setup = self.setup
        a, b = setup.a.label, setup.b.label
        diffs = self.diffs
        low, high = ci95(diffs)
        a_won, b_won, tied = self.hands_won()
        lines = [
            "arena: %s (A) vs %s (B), preset %s, %d deals in duplicate from seed %d"
            % (a, b, setup.preset, len(diffs), setup.seed),
            "diff_mean %.4f ci95 %.4f %.4f sd %.4f n %d  (A - B points per hand)"
            % (mean(diffs), low, high, sample_sd(diffs), len(diffs)),
            "hands won: A %d, B %d, tied %d (of %d plays)" % (a_won, b_won, tied, 2 * len(diffs)),
        ]
        if self.matches:
            a_matches, b_matches = self.matches_won()
            lines.append("matches won: A %d, B %d (of %d, %d duplicate pairs)"
                         % (a_matches, b_matches, 2 * len(self.matches), len(self.matches)))
        else:
            lines.append("matches won: none played (--matches 0)")
        lines.append("scope per hand: A %.3f, B %.3f" % self.scope_per_hand())
        lines.append("ms per decision: " + ", ".join(
            "%s mean %.3f max %.3f (%d decisions)"
            % (side, 1000 * clock.total / max(1, clock.count), 1000 * clock.longest, clock.count)
            for side, clock in zip("AB", self.clocks, strict=True)))
        lines.append("wall %.2f s on %d job%s" % (self.seconds, self.jobs,
                                                  "" if self.jobs == 1 else "s"))
        return lines


def _chunks(setup: Setup, kind: str, total: int, jobs: int, biggest: int) -> list:
    # About four chunks per job, and small enough for the progress bar to move with slow bots.
    size = max(1, min(biggest, -(-total // (4 * jobs))))
    return [(setup, kind, first, min(size, total - first)) for first in range(0, total, size)]


def check_options(setup: Setup, deals: int, matches: int, jobs: int) -> None:
    """Raise ValueError naming the first bad option; builds the rules to check them."""
    if deals < 1:
        raise ValueError("--deals must be at least 1")
    if matches < 0:
        raise ValueError("--matches must be 0 or more")
    if jobs < 1:
        raise ValueError("--jobs must be at least 1")
    if deals >= matches:  # deal and match i are seeded S + i
        check_seeds(setup.seed, deals, "--deals")
    else:
        check_seeds(setup.seed, matches, "--matches")
    Rules(setup.preset, setup.overrides)


def run_arena(setup: Setup, deals: int, matches: int, jobs: int = 1, progress: bool = False,
              out=None) -> Report:
    """Play the deals and match pairs; write match records to ``out`` (a text stream) if given."""
    check_options(setup, deals, matches, jobs)
    from tqdm import tqdm

    tasks = (_chunks(setup, "deals", deals, jobs, 50)
             + _chunks(setup, "matches", matches, jobs, 5))
    report = Report(setup, jobs=jobs)
    started = time.perf_counter()
    with tqdm(total=deals + matches, unit="pair", desc="arena", file=sys.stderr,
              disable=not progress, leave=False) as bar:
        if jobs == 1:
            results = map(play_chunk, tasks)
            _collect(report, results, bar, out)
        else:
            import multiprocessing

            with multiprocessing.Pool(min(jobs, len(tasks))) as pool:
                _collect(report, pool.imap(play_chunk, tasks), bar, out)
    report.seconds = time.perf_counter() - started
    return report


def _collect(report: Report, results, bar, out) -> None:
    for chunk in results:  # in task order, whatever the process that played it
        report.plays.extend(chunk.deals)
        report.matches.extend(chunk.matches)
        for mine, theirs in zip(report.clocks, chunk.clocks, strict=True):
            mine.merge(theirs)
        if out is not None and chunk.record:
            out.write(chunk.record)
        bar.update(len(chunk.deals) + len(chunk.matches))


# -- command line ---------------------------------------------------------------------------------

def add_arguments(parser: argparse.ArgumentParser) -> None:
    names = ", ".join(BOT_NAMES)
    parser.add_argument("--preset", default="chitarrella",
                        help="rules preset, e.g. chitarrella, dieci+tre_gradi, assi+veneto")
    parser.add_argument("--deals", type=int, default=100, help="how many duplicate deals")
    parser.add_argument("--a", default="greedy", metavar="BOT[:ITERS[:MS]]",
                        help="side A's bot and budget (%s)" % names)
    parser.add_argument("--b", default="random", metavar="BOT[:ITERS[:MS]]",
                        help="side B's bot and budget")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    parser.add_argument("--matches", type=int, default=None,
                        help="duplicate match pairs (default: one per %d deals, at least 1)"
                        % _DEALS_PER_MATCH_PAIR)
    parser.add_argument("--jobs", type=int, default=None,
                        help="processes (default: the number of CPUs)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--out", default=None, help="record of the matches, - for stdout")
    parser.add_argument("--plot", default=None, metavar="FILE.png",
                        help="chart of the per-deal differences")
    parser.add_argument("--rule", action="append", metavar="KEY=VALUE",
                        help="override one rule parameter (RULES.md §11); repeatable")
    parser.set_defaults(run=_run)


def _run(args) -> int:
    setup = Setup(args.preset, parse_rule_options(args.rule), parse_bot(args.a),
                  parse_bot(args.b), args.seed, record=bool(args.out))
    matches = args.matches
    if matches is None:
        matches = max(1, args.deals // _DEALS_PER_MATCH_PAIR)
    jobs = (os.cpu_count() or 1) if args.jobs is None else args.jobs
    check_options(setup, args.deals, matches, jobs)  # before any file is made
    if args.out and not matches:
        raise ValueError("--out records the matches, and --matches 0 plays none")
    check_output(args.plot, "--plot")
    check_output(args.out, "--out")
    progress = not args.quiet and sys.stderr.isatty()
    report_to = sys.stdout
    if args.out == "-":
        report_to = sys.stderr
        report = run_arena(setup, args.deals, matches, jobs, progress, sys.stdout)
    elif args.out:
        with replacing(args.out) as out:
            report = run_arena(setup, args.deals, matches, jobs, progress, out)
    else:
        report = run_arena(setup, args.deals, matches, jobs, progress)
    print("\n".join(report.lines()), file=report_to)  # before the chart, which may fail
    if args.plot:
        from sim.arena_plot import plot  # matplotlib loads only when a chart is asked for

        plot(report, args.plot)
    return 0
