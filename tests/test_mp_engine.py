"""The engine on real MicroPython: whole matches under ``heap_lock()``, same plays everywhere.

Runs tests/mp/play_matches.py on the MicroPython unix port (64-bit) and on the 32-bit
WebAssembly port, where an int past 2**30 allocates as it would on a board. The heap is locked
from before the first deal to the end of each match; dealing, move generation, play, undo,
observation, hand scoring and match bookkeeping all run inside the lock.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from sim import mpruntime

SCRIPT = mpruntime.REPO_ROOT / "tests" / "mp" / "play_matches.py"
PRESETS = "chitarrella,figs,dieci,assi,veneto,tre_gradi,dieci+tre_gradi,assi+veneto"
SEATINGS = ("random,greedy,random,greedy", "greedy,random,greedy,random",
            "master,chitarrella,master,careful")


def _cpython(*args) -> str:
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], check=True,
                          capture_output=True, text=True, cwd=mpruntime.REPO_ROOT,
                          env={"PYTHONPATH": str(mpruntime.REPO_ROOT)}).stdout


def _results(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.split()[0] in PRESETS.split(",")]


@pytest.mark.parametrize("seating", SEATINGS)
def test_every_preset_plays_whole_matches_under_heap_lock_unix(seating):
    output = mpruntime.run_unix(SCRIPT, PRESETS, 3, 11, seating, heap="256k")
    assert len(_results(output)) == 3 * len(PRESETS.split(","))


@pytest.mark.parametrize("seating", SEATINGS)
def test_every_preset_plays_whole_matches_under_heap_lock_32bit(seating):
    output = mpruntime.run_wasm(SCRIPT, PRESETS, 2, 21, seating)
    assert len(_results(output)) == 2 * len(PRESETS.split(","))


def test_options_play_under_heap_lock_32bit():
    # Variant parameters reach code paths the presets do not (fewest cards, turn-level
    # forced capture, countback, napola cap, declaring out).
    script = mpruntime.REPO_ROOT / "tests" / "mp" / "play_options.py"
    output = mpruntime.run_wasm(script)
    assert "ok" in output.split()


def test_same_seed_same_plays_on_cpython_unix_and_32bit():
    args = ("chitarrella,dieci,assi,veneto", 2, 5, "master,greedy,chitarrella,random", "plays")
    expected = _cpython(*args)
    assert expected.count("\n") == 16
    assert mpruntime.run_unix(SCRIPT, *args) == expected
    assert mpruntime.run_wasm(SCRIPT, *args) == expected


LEVELS_SCRIPT = mpruntime.REPO_ROOT / "tests" / "mp" / "play_levels.py"
LEVELS = ("easy", "normal", "hard", "desktop")


def test_every_level_with_hints_plays_a_match_under_heap_lock_unix():
    output = mpruntime.run_unix(LEVELS_SCRIPT, "chitarrella", ",".join(LEVELS), 1)
    assert [line.split()[0] for line in output.splitlines()] == list(LEVELS)


def test_declaring_bots_play_under_heap_lock_unix():
    # With declaring out, the master bot looks for the take that secures the match
    # (engine/bots/master.py _winning_take) near the target: from 8-8 to 11.
    output = mpruntime.run_unix(LEVELS_SCRIPT, "chitarrella+tre_gradi", "normal,hard", 3, 8,
                                "declare")
    assert [line.split()[0] for line in output.splitlines()] == ["normal", "hard"]


# A 10+0 match to 21 for the board levels. `desktop`, which searches 960 iterations (15 times
# `hard`'s), plays the default preset's match to 11 from 10-10: its last hands only, as its
# code is the board levels' and only its counts are larger (a count past 2**30 would allocate).
@pytest.mark.parametrize("level,preset,start", [
    (level, "chitarrella", 10) if level == "desktop" else (level, "dieci", 0) for level in LEVELS])
def test_level_with_hints_plays_a_match_under_heap_lock_32bit(level, preset, start):
    output = mpruntime.run_wasm(LEVELS_SCRIPT, preset, level, 2, start)
    fields = output.split()
    assert fields[0] == level
    assert max(int(fields[3]), int(fields[4])) >= (11 if start else 21)  # decided
    assert int(fields[5]) > 0  # hints were asked for


KINDS = """\
from engine.cards import VALUE
from engine.moves import BIT_INDEX
from engine.rules import Rules
from engine.state import State

state = State(Rules("chitarrella"))
print(" ".join(type(x).__name__ for x in (state.where, state.hands[0], state.ply_log, VALUE,
                                          BIT_INDEX)))
"""


def test_the_buffers_are_lists_on_cpython_and_bytes_on_micropython(tmp_path):
    # engine/kinds.py: CPython reads list and tuple items faster; a board holds bytes in a
    # quarter of the RAM (its build writes bytes in place of the calls: tests/test_minify.py)
    script = tmp_path / "kinds.py"
    script.write_text(KINDS)
    cpython = subprocess.run([sys.executable, str(script)], check=True, capture_output=True,
                             text=True, env={"PYTHONPATH": str(mpruntime.REPO_ROOT)}).stdout
    assert cpython.split() == ["list", "list", "list", "tuple", "tuple"]
    assert mpruntime.run_unix(script).split() == ["bytearray"] * 3 + ["bytes"] * 2
