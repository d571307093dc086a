"""make bench's level timing (sim/bench.py ``level_timing``, sim/mp/bot_timing.py): each move's
time the least of several plays of the same match, which make the same moves."""

import re
import runpy
import sys

import pytest

from engine.bots import levels
from sim import bench, mpruntime


def test_level_timing_replays_the_match_on_the_unix_port():
    median, worst = bench.level_timing("normal", seeds=(1,), plays=2)
    assert 0 < median <= worst


def test_level_timing_plays_the_preset_asked_for(monkeypatch):
    # make bench times the board levels in dieci too (bench.TIMED_PRESETS)
    calls = []

    def run_unix(script, *args):
        calls.append(args)
        return "moves 160 median_us %d max_us 4000\n" % (1000 * len(calls))

    monkeypatch.setattr(mpruntime, "run_unix", run_unix)
    assert bench.level_timing("hard", preset="dieci") == (2.0, 4.0)
    assert calls == [("dieci", "hard", seed, 3) for seed in (1, 2, 3)]


def test_a_play_that_makes_other_moves_is_refused(monkeypatch):
    made = []

    def make_level_bot(level, rules, seed=1, search=True):  # a new seed at every play
        made.append(level)
        return levels.make_bot("random", rules, len(made))

    monkeypatch.setattr(levels, "make_level_bot", make_level_bot)
    monkeypatch.setattr(sys, "argv", ["bot_timing.py", "chitarrella", "normal", "1", "2"])
    with pytest.raises(RuntimeError, match="other moves"):
        runpy.run_path(str(bench.TIMING_SCRIPT), run_name="__main__")
    assert len(made) == 8


def test_one_play_prints_the_moves_median_and_max():
    output = mpruntime.run_unix(bench.TIMING_SCRIPT, "chitarrella", "easy", 2)
    moves, median, worst = (int(n) for n in re.fullmatch(
        r"moves (\d+) median_us (\d+) max_us (\d+)\n", output).groups())
    assert moves >= 144 and median <= worst
