"""Benchmarks: ``python -m sim.bench`` (``make bench``) prints one ``name value`` line per figure.

- ``cpython_hands_per_s``: complete 9+4 chitarrella hands per second on CPython (deal, full
  legal-move generation at every turn, a uniformly random legal move, hand scoring);
- ``cpython_reference_hands_per_s``: the same hands played by a plain pure-Python engine
  (sim/reference_engine.py: tuples, lists and ``itertools.combinations``), the kind of
  engine issue 2's goal is set against (it names about 1,400 where it asks 7,000), timed in
  turn with the engine, and ``cpython_speedup_vs_reference``, the engine's rate over the
  plain one's, which the machine's speed cancels out of;
- ``micropython_hands_per_s``: the same on the MicroPython unix port;
- ``mp32_hands_per_s``: the same on the 32-bit MicroPython WebAssembly port;
- ``mp32_alloc_bytes_per_hand``: heap allocated per hand on the 32-bit port (must be 0);
- ``mp32_engine_heap_bytes``: heap the engine holds on the 32-bit port, imported from ``.mpy``
  files with one match set up (``gc.mem_alloc()`` after ``gc.collect()``, minus the baseline).
  The 32-bit figures are of the engine as ``make deploy`` with ``MPY_CROSS`` builds it: names
  shortened by sim/minify.py, then compiled;
- ``mp32_engine_names`` and ``mp32_engine_names_bytes``: the interned names (qstrs) the
  engine added to that figure, and the bytes they took in it: their text and the qstr
  pool's tables (a table of twice the last one's size each time the last is full, so a few
  names past a boundary cost a whole table);
- ``mp32_engine_heap_romfs_bytes``: the same, the ``.mpy`` files imported from a ROMFS image
  (sim/romfs.py) held outside the heap, as a MicroPython board's flash holds one: their
  bytecode and constants run in place; ``mp32_bot_master_romfs_heap_bytes`` what the master
  bot adds then, and ``mp32_engine_heap_romfs_as_written_bytes`` the engine's heap from the
  image ``make romfs`` writes, with the names as written (and the constants not folded);
- ``mp32_bot_<name>_heap_bytes``: what one bot adds, its modules included;
- per difficulty level (engine/bots/levels.py): ``bot_<level>_unix_ms_per_move_median`` and
  ``_max`` over three whole matches of four such bots on the unix port (the median of the
  matches' medians, the largest max), ``bot_<level>_board_ms_est``
  (200 times the max: DESIGN.md's board speed), ``bot_<level>_mp32_heap_bytes``; and
  ``hint_mp32_heap_bytes`` for the hint helper;
- ``bot_<level>_<preset>_board_ms_est`` for the levels with a board deadline (``normal``,
  ``hard``) in the other deal, ``dieci``'s (``TIMED_PRESETS``: ten cards each and an empty
  table, 40 plays a hand), so that the budgets are checked in both deals;
- ``unix_engine_heap_bytes``: the engine heap on the unix port (64-bit objects, so larger per
  object, but a collector that frees garbage: the WebAssembly port's ``gc.collect()`` keeps
  the garbage a running script made, so its figure includes set-up garbage such as the
  released rules parser).

Each speed figure is the best of five runs (the machine's speed drifts by 20% between runs).
Desktop only.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

from engine.bots.levels import LEVELS, level_budget
from sim import CommandParser, minify, mpruntime, reader_gone, romfs

ROOT = Path(__file__).resolve().parent.parent
HANDS_SCRIPT = ROOT / "sim" / "mp" / "bench_hands.py"
HEAP_SCRIPT = ROOT / "sim" / "mp" / "engine_heap.py"
TIMING_SCRIPT = ROOT / "sim" / "mp" / "bot_timing.py"
_TIMING = re.compile(r"moves (\d+) median_us (\d+) max_us (\d+)")
TIMED_PRESETS = ("dieci",)  # presets timed beside chitarrella, for the board levels
_RESULT = re.compile(r"hands (\d+) us (\d+) alloc (-?\d+)")


def _parse_hands(output: str) -> tuple[float, int]:
    match = _RESULT.search(output)
    if not match:
        raise RuntimeError("unexpected benchmark output: %r" % output)
    hands, micros, alloc = (int(g) for g in match.groups())
    return hands * 1e6 / micros, alloc


def _best_of(run, repeats: int = 5) -> tuple[float, int]:
    results = [_parse_hands(run()) for _ in range(repeats)]
    return max(r[0] for r in results), max(r[1] for r in results)


def _cpython(*args: str) -> str:
    return subprocess.run([sys.executable, *args], check=True, capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT)}).stdout


def cpython_hands(repeats: int = 5) -> tuple[float, float]:
    """(engine, plain engine) hands a second on CPython, each the best of ``repeats`` runs,
    taken in turn so that a drift of the machine's speed reaches both."""
    engine = reference = 0.0
    for _ in range(repeats):
        found = _parse_hands(_cpython(str(HANDS_SCRIPT), "20000", "1"))
        engine = max(engine, found[0])
        found = _parse_hands(_cpython("-m", "sim.reference_engine", "4000", "1"))
        reference = max(reference, found[0])
    return engine, reference


def main() -> int:
    rate, reference = cpython_hands()
    print("cpython_hands_per_s %d" % rate)
    print("cpython_reference_hands_per_s %d" % reference)
    print("cpython_speedup_vs_reference %.2f" % (rate / reference))
    rate, _ = _best_of(lambda: mpruntime.run_unix(HANDS_SCRIPT, 10000, 1))
    print("micropython_hands_per_s %d" % rate)
    with tempfile.TemporaryDirectory() as work:
        # the engine as `make deploy` with MPY_CROSS builds it: names shortened
        # (sim/minify.py), then .mpy; the scripts in sim/mp/ renamed alike
        renamed = Path(work) / "renamed"
        minify.write_root(renamed, extra=("sim/mp",))
        build = Path(work) / "build"
        mpruntime.compile_mpy(renamed / "engine", build / "engine")
        harness = renamed / "sim" / "mp"
        paths = {str(build / "engine"): "/engine"}
        hands = harness / HANDS_SCRIPT.name
        rate, alloc = _best_of(lambda: mpruntime.run_wasm(hands, 1000, 1, paths=paths))
        print("mp32_hands_per_s %d" % rate)
        print("mp32_alloc_bytes_per_hand %g" % (alloc / 1000))
        script = harness / HEAP_SCRIPT.name
        heap, names, names_bytes = engine_heap_names(script, paths)
        print("mp32_engine_heap_bytes %d" % heap)
        print("mp32_engine_names %d" % names)
        print("mp32_engine_names_bytes %d" % names_bytes)
        romfs_heaps(Path(work), build, script)
        output = mpruntime.run_unix(script, mpy_root=build)
        print("unix_engine_heap_bytes %s" % re.search(r"engine_heap (\d+)", output).group(1))
        for bot in ("random", "greedy", "chitarrella", "master"):
            print("mp32_bot_%s_heap_bytes %d" % (bot, bot_heap(bot, paths, script)))
        for level in LEVELS:
            median, worst = level_timing(level)
            print("bot_%s_unix_ms_per_move_median %.2f" % (level, median))
            print("bot_%s_unix_ms_per_move_max %.2f" % (level, worst))
            print("bot_%s_board_ms_est %d" % (level, 200 * worst))
            print("bot_%s_mp32_heap_bytes %d" % (level, bot_heap(level, paths, script)))
        board_levels = [level for level in LEVELS if level_budget(level)[2]]  # a deadline
        for preset in TIMED_PRESETS:
            for level in board_levels:
                _, worst = level_timing(level, preset=preset)
                print("bot_%s_%s_board_ms_est %d" % (level, preset, 200 * worst))
        print("hint_mp32_heap_bytes %d" % bot_heap("hint", paths, script))
    return 0


def engine_heap(script: Path, paths, romfs: Path | None = None) -> int:
    """The engine's heap on the 32-bit port: sim/mp/engine_heap.py (``script``, renamed as
    the engine under ``paths``, or in the ROMFS image ``romfs``, is)."""
    return engine_heap_names(script, paths, romfs)[0]


def engine_heap_names(script: Path, paths, romfs: Path | None = None) -> tuple[int, int, int]:
    """(heap, names, names' bytes): ``engine_heap``'s figure, with the interned names the
    engine added and the bytes of the qstr pool's tables and text they took (part of the
    heap figure; the pool grows by tables of twice the last one's size)."""
    output = mpruntime.run_wasm(script, paths=paths, lift=True, romfs=romfs)
    before, after = (tuple(int(n) for n in found.groups())
                     for found in mpruntime.QSTR_INFO.finditer(output))
    heap = int(re.search(r"engine_heap (\d+)", output).group(1))
    return heap, after[1] - before[1], after[3] - before[3]


def bot_heap(name: str, paths, script: Path, romfs: Path | None = None) -> int:
    """What one bot (a name, a level or ``hint``) adds to the engine's heap on the 32-bit
    port."""
    output = mpruntime.run_wasm(script, name, paths=paths, lift=True, romfs=romfs)
    return int(re.search(r"bot_heap (\d+)", output).group(1))


def romfs_heaps(work: Path, build: Path, script: Path) -> None:
    """Print the engine's heap, and the master bot's, imported from a ROMFS image
    (sim/romfs.py) instead of the filesystem: of the engine as ``make deploy`` builds it
    (``build``, driven by the renamed ``script``), and as written (``make romfs``'s image)."""
    built = work / "built.romfs"
    built.write_bytes(romfs.image(build))
    print("mp32_engine_heap_romfs_bytes %d" % engine_heap(script, {}, built))
    print("mp32_bot_master_romfs_heap_bytes %d" % bot_heap("master", {}, script, built))
    written = work / "written.romfs"
    written.write_bytes(romfs.image(romfs.engine_tree(work / "written")))
    print("mp32_engine_heap_romfs_as_written_bytes %d" % engine_heap(HEAP_SCRIPT, {}, written))


def level_timing(level: str, seeds=(1, 2, 3), plays: int = 3,
                 preset: str = "chitarrella") -> tuple[float, float]:
    """(median, max) ms per move on the unix port over whole matches of ``preset``: the
    median of the matches' medians and the largest max. Each move's time is the least of
    ``plays`` plays of its match (sim/mp/bot_timing.py): one slow sample on a busy machine is
    the machine's."""
    medians = []
    worst = 0.0
    for seed in seeds:
        output = mpruntime.run_unix(TIMING_SCRIPT, preset, level, seed, plays)
        found = _TIMING.search(output)
        if not found:
            raise RuntimeError("unexpected timing output: %r" % output)
        medians.append(int(found.group(2)) / 1000)
        worst = max(worst, int(found.group(3)) / 1000)
    return sorted(medians)[len(medians) // 2], worst


if __name__ == "__main__":
    # No options: the parser answers --help (the module docstring's first line) and refuses
    # anything else, rather than starting the minutes-long run.
    CommandParser(prog="python -m sim.bench",
                  description=__doc__.split("\n", 1)[0]).parse_args()
    try:
        sys.exit(main())
    except BrokenPipeError:  # `python -m sim.bench | head`
        sys.exit(reader_gone())
