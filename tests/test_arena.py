"""The arena (sim/arena.py): statistics, budgets, the duplicate pairing, processes, records,
the chart and the rejection of bad options (exit status 2, one line)."""

from __future__ import annotations

import json
import math
import re
from io import StringIO

import pytest

from conftest import run_cli
from engine.record import read_record
from sim.arena import (
    BotSpec,
    Setup,
    ci95,
    mean,
    parse_bot,
    parse_budget,
    run_arena,
    sample_sd,
)
from sim.arena_plot import running_ci95

KEY_LINE = re.compile(r"^diff_mean (-?\d+\.\d+) ci95 (-?\d+\.\d+) (-?\d+\.\d+) sd (\d+\.\d+) "
                      r"n (\d+)  \(A - B points per hand\)$")
HANDS_LINE = re.compile(r"^hands won: A (\d+), B (\d+), tied (\d+) \(of (\d+) plays\)$")
MATCHES_LINE = re.compile(r"^matches won: A (\d+), B (\d+) \(of (\d+), (\d+) duplicate pairs\)$")


def arena(a: str, b: str, deals: int, matches: int = 0, jobs: int = 1, seed: int = 1,
          preset: str = "chitarrella", out=None, **overrides):
    setup = Setup(preset, overrides, parse_bot(a), parse_bot(b), seed, record=out is not None)
    return run_arena(setup, deals, matches, jobs, out=out)


# -- statistics -----------------------------------------------------------------------------------

def test_statistics_on_a_known_sample():
    # 2 4 4 4 5 5 7 9: mean 5, squared deviations add to 32, so s = sqrt(32 / 7) and
    # s / sqrt(8) = sqrt(4 / 7) = 0.755929; 1.96 * 0.755929 = 1.481621.
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    assert mean(values) == 5
    assert sample_sd(values) == pytest.approx(math.sqrt(32 / 7))
    low, high = ci95(values)
    assert low == pytest.approx(5 - 1.481621, abs=1e-6)
    assert high == pytest.approx(5 + 1.481621, abs=1e-6)


def test_statistics_of_one_value_and_of_a_constant():
    assert sample_sd([3.5]) == 0.0 and ci95([3.5]) == (3.5, 3.5)
    assert sample_sd([-1.5] * 40) == 0.0 and ci95([-1.5] * 40) == (-1.5, -1.5)


def test_running_interval_is_the_interval_of_each_prefix():
    values = [0.5, -2, 3, 3, 1.5, -0.5, 4, 2, 0, 1]
    means, lows, highs = running_ci95(values)
    assert means[0] == lows[0] == highs[0] == 0.5
    for k in range(2, len(values) + 1):
        assert means[k - 1] == pytest.approx(mean(values[:k]))
        assert (lows[k - 1], highs[k - 1]) == pytest.approx(ci95(values[:k]))


# -- budgets --------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, spec", [
    ("greedy", BotSpec("greedy", 0, 0)),
    ("master:400", BotSpec("master", 400, 0)),
    ("master:400:5", BotSpec("master", 400, 5)),
    ("master::5", BotSpec("master", 0, 5)),
    ("chitarrella:0:250", BotSpec("chitarrella", 0, 250)),
])
def test_budget_syntax(text, spec):
    assert parse_budget(text) == spec
    assert parse_budget(spec.label) == spec  # the label reads back as the same spec


@pytest.mark.parametrize("text", ["greedy:x", "greedy:1:2:3", "greedy:-1", "greedy:1:2.5", ":4"])
def test_bad_budget_syntax(text):
    with pytest.raises(ValueError):
        parse_budget(text)


def test_parse_bot_knows_the_registered_names():
    assert parse_bot("master:7") == BotSpec("master", 7, 0)
    assert parse_bot("random") == BotSpec("random", 0, 0)
    with pytest.raises(ValueError, match="unknown bot 'foo'"):
        parse_bot("foo:100")
    for text in ("random:7", "greedy:0:5", "chitarrella:50"):  # they do not search
        with pytest.raises(ValueError, match="only master searches"):
            parse_bot(text)


# -- the duplicate pairing ------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["greedy", "random"])
def test_a_bot_against_itself_scores_zero_on_every_deal(name):
    # Seats, not sides, seed the bots: the two plays of a deal are the same game with the
    # sides swapped, so A's points in one are B's in the other.
    report = arena(name, name, 40, preset="dieci")
    assert report.diffs == [0.0] * 40
    assert all(p[0:4] == (p[5], p[4], p[7], p[6]) for p in report.plays)
    a_won, b_won, tied = report.hands_won()
    assert a_won == b_won and a_won + b_won + tied == 80


def test_swapping_the_bots_negates_every_deal():
    forward = arena("greedy", "random", 30)
    backward = arena("random", "greedy", 30)
    assert backward.diffs == [-d for d in forward.diffs]
    a_won, b_won, tied = backward.hands_won()
    assert forward.hands_won() == (b_won, a_won, tied)


def test_greedy_beats_random():
    report = arena("greedy", "random", 60, matches=3)
    low, _ = ci95(report.diffs)
    assert low > 0
    a_matches, b_matches = report.matches_won()
    assert a_matches > b_matches and a_matches + b_matches == 6


def test_first_hand_of_match_j_is_deal_j():
    out = StringIO()
    report = arena("greedy", "random", 3, matches=3, out=out)
    first_totals = []
    seen = set()
    match = -1
    for event in map(json.loads, out.getvalue().splitlines()):
        if event["ev"] == "match":
            match += 1
        elif event["ev"] == "hand_end" and match not in seen:
            seen.add(match)
            first_totals.append(event["total"])
    for j, plays in enumerate(report.plays):
        assert first_totals[2 * j] == [plays[0], plays[1]]  # A at seats 0 and 2
        assert first_totals[2 * j + 1] == [plays[5], plays[4]]  # A at seats 1 and 3


# -- processes, records, chart ------------------------------------------------------------------

def test_two_jobs_give_the_results_of_one():
    one_out, two_out = StringIO(), StringIO()
    one = arena("greedy", "random", 37, matches=5, jobs=1, out=one_out, napola="full")
    two = arena("greedy", "random", 37, matches=5, jobs=2, out=two_out, napola="full")
    assert one.plays == two.plays and one.matches == two.matches
    assert one.lines()[:-2] == two.lines()[:-2]  # all but the times
    assert [c.count for c in one.clocks] == [c.count for c in two.clocks]
    assert one_out.getvalue() == two_out.getvalue()


def test_cli_report_and_record(capsys, tmp_path):
    record = tmp_path / "arena.jsonl"
    status, stdout, stderr = run_cli(capsys, "arena", "--preset", "assi", "--deals", "40",
                                     "--a", "greedy", "--b", "random", "--seed", "9",
                                     "--jobs", "2", "--out", str(record))
    assert (status, stderr) == (0, "")  # no progress bar when stderr is not a terminal
    lines = stdout.splitlines()
    assert lines[0] == ("arena: greedy (A) vs random (B), preset assi, 40 deals in duplicate "
                        "from seed 9")
    key = KEY_LINE.match(lines[1])
    assert key, lines[1]
    assert float(key[2]) < float(key[1]) < float(key[3]) and int(key[5]) == 40
    hands = HANDS_LINE.match(lines[2])
    assert hands and sum(int(hands[i]) for i in (1, 2, 3)) == int(hands[4]) == 80
    matches = MATCHES_LINE.match(lines[3])  # the default: one pair per 10 deals
    assert matches and int(matches[1]) + int(matches[2]) == int(matches[3]) == 8
    assert lines[4].startswith("scope per hand: A ")
    assert re.match(r"^ms per decision: A mean \d+\.\d+ max \d+\.\d+ \(\d+ decisions\), "
                    r"B mean \d+\.\d+ max \d+\.\d+ \(\d+ decisions\)$", lines[5]), lines[5]
    assert re.match(r"^wall \d+\.\d\d s on 2 jobs$", lines[6]) and len(lines) == 7
    replayed = read_record(record.read_text(encoding="utf-8").splitlines())
    assert len(replayed) == 8
    assert [m.header["seed"] for m in replayed] == [9, 9, 10, 10, 11, 11, 12, 12]
    assert replayed[0].header["players"] == ["greedy", "random", "greedy", "random"]
    assert replayed[1].header["players"] == ["random", "greedy", "random", "greedy"]
    won_by_a = sum(m.winner == (i % 2) for i, m in enumerate(replayed))
    assert won_by_a == int(matches[1])


def test_cli_out_dash_writes_the_record_to_stdout(capsys):
    status, stdout, stderr = run_cli(capsys, "arena", "--deals", "5", "--matches", "2",
                                     "--jobs", "1", "--out", "-", "--a", "random")
    assert status == 0
    replayed = read_record(stdout.splitlines())
    assert len(replayed) == 4 and replayed[0].header["players"][0] == "random"
    assert KEY_LINE.match(stderr.splitlines()[1])


def test_cli_plot_writes_a_png(capsys, tmp_path):
    chart = tmp_path / "arena.png"
    status, _, stderr = run_cli(capsys, "arena", "--deals", "30", "--matches", "0", "--jobs",
                                "1", "--plot", str(chart), "--quiet")
    assert (status, stderr) == (0, "")
    data = chart.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000


def test_cli_takes_the_last_seeds_and_refuses_an_empty_out(capsys):
    status, stdout, _ = run_cli(capsys, "arena", "--deals", "2", "--matches", "0", "--jobs",
                                "1", "--seed", str(2**30 - 2), "--quiet")
    assert status == 0 and "from seed %d" % (2**30 - 2) in stdout  # seeds 2**30 - 2 and - 1
    status, stdout, stderr = run_cli(capsys, "arena", "--deals", "2", "--out", "")
    assert (status, stdout) == (2, "") and "--out needs a file name" in stderr


def test_cli_report_comes_before_a_chart_that_cannot_be_written(capsys, tmp_path, monkeypatch):
    from sim import arena_plot

    def failing(report, path):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(arena_plot, "plot", failing)
    status, stdout, stderr = run_cli(capsys, "arena", "--deals", "3", "--matches", "0",
                                     "--jobs", "1", "--quiet", "--plot", str(tmp_path / "a.png"))
    assert status == 2 and "No space left" in stderr and "3 deals in duplicate" in stdout


BAD_OPTIONS = [
    (["--a", "foo"], ["unknown bot", "foo"]),
    (["--b", "grandmaster:400"], ["unknown bot", "grandmaster"]),
    (["--a", "greedy:x"], ["budget", "greedy:x"]),
    (["--b", "random:1:2:3"], ["BOT[:ITERS[:MS]]"]),
    (["--deals", "0"], ["--deals"]),
    (["--deals", "1.5"], ["--deals", "invalid int", "arena --help"]),  # argparse's, one line too
    (["--matches", "-1"], ["--matches"]),
    (["--matches", "0"], ["--matches 0 plays none"]),  # an empty record reads as no match
    (["--jobs", "0"], ["--jobs"]),
    (["--seed", "-1"], ["--seed"]),
    (["--rule", "jokers=1"], ["unknown rule", "jokers"]),
    (["--rule", "target"], ["--rule", "KEY=VALUE"]),
    (["--preset", "briscola"], ["unknown preset", "briscola"]),
    (["--plot", "/nonexistent-folder/x.png"], ["--plot"]),
    (["--plot", ""], ["--plot needs a file name"]),
    (["--seed", str(2**30 - 2)], ["--deals 3 from --seed", "would pass the last seed"]),
    (["--seed", str(2**30)], ["--seed must be in 0..2**30 - 1"]),
]


@pytest.mark.parametrize("options, words", BAD_OPTIONS, ids=[" ".join(o) for o, _ in BAD_OPTIONS])
def test_cli_rejects_bad_options(capsys, tmp_path, options, words):
    record = tmp_path / "never.jsonl"
    status, stdout, stderr = run_cli(capsys, "arena", "--deals", "3", "--jobs", "1", *options,
                                     "--out", str(record))
    assert (status, stdout) == (2, "")
    assert stderr.startswith("error: ") and stderr.count("\n") == 1, stderr
    for word in words:
        assert word in stderr, stderr
    assert not record.exists()  # nothing written
