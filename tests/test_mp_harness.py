"""Tests for the MicroPython harness (sim/mpruntime.py, sim/mp/run_wasm.mjs): both runtimes
run scripts, report failures, and show the allocation facts the engine's memory discipline
relies on.

Needs `pip install -r requirements-mp.txt` and `npm ci`; a missing runtime fails loudly.
"""

from __future__ import annotations

import textwrap
import time
from pathlib import Path

import pytest

from sim import mpruntime as runtimes

RUNNERS = {"unix": runtimes.run_unix, "wasm": runtimes.run_wasm}


def write(directory: Path, name: str, body: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(body))
    return path


@pytest.fixture(params=sorted(RUNNERS))
def run(request):
    return RUNNERS[request.param]


def test_output_and_argv_come_back(run, tmp_path):
    script = write(
        tmp_path,
        "hello.py",
        """\
        import sys
        print("hello", sys.argv[1:], __name__)
        print("last line without newline", end="")
        """,
    )
    out = run(script, "a", "b c", timeout=60)
    assert out == "hello ['a', 'b c'] __main__\nlast line without newline"


def test_raised_exception_is_a_failure(run, tmp_path):
    script = write(
        tmp_path,
        "boom.py",
        """\
        def f():
            raise ValueError("boom")
        f()
        """,
    )
    with pytest.raises(RuntimeError, match="ValueError: boom"):
        run(script, timeout=60)


def test_heap_lock_catches_an_allocation(run, tmp_path):
    script = write(
        tmp_path,
        "alloc.py",
        """\
        import micropython
        def f():
            micropython.heap_lock()
            try:
                return [1, 2, 3]
            finally:
                micropython.heap_unlock()
        f()
        """,
    )
    with pytest.raises(RuntimeError, match="MemoryError"):
        run(script, timeout=60)


def test_memoryerror_with_the_heap_left_locked_fails_fast(run, tmp_path):
    # Raw runPython spins forever on the wasm port here; run_wasm.mjs must unlock first.
    script = write(
        tmp_path,
        "locked.py",
        """\
        import micropython
        micropython.heap_lock()
        x = [1]
        """,
    )
    start = time.monotonic()
    with pytest.raises(RuntimeError, match="MemoryError"):
        run(script, timeout=60)
    assert time.monotonic() - start < 30


def test_bytearray_loop_does_not_allocate(run, tmp_path):
    script = write(
        tmp_path,
        "loop.py",
        """\
        import gc, micropython
        buf = bytearray(range(200))
        def f():
            before = gc.mem_alloc()
            micropython.heap_lock()
            try:
                s = 0
                for x in buf:
                    s += x
                for i in range(len(buf)):
                    buf[i] = (buf[i] + 1) & 0xFF
            finally:
                micropython.heap_unlock()
            return s, gc.mem_alloc() - before
        print(f())
        """,
    )
    assert run(script, timeout=60).strip() == "(19900, 0)"


SHIFT = """\
    import micropython, sys
    def shift(n):
        micropython.heap_lock()
        try:
            return 1 << n
        finally:
            micropython.heap_unlock()
    shift(29)
    print(sys.maxsize > 2**31, end=" ")
    try:
        shift(30)
        print("free")
    except MemoryError:
        print("allocates")
    """


def test_small_int_boundary_allocates_on_wasm_only(tmp_path):
    script = write(tmp_path, "shift.py", SHIFT)
    assert runtimes.run_wasm(script, timeout=60).strip() == "False allocates"
    assert runtimes.run_unix(script, timeout=60).strip() == "True free"


def test_compiled_package_imports_on_both(tmp_path):
    src = tmp_path / "src" / "engine"
    write(src, "__init__.py", "NAME = 'pkg'\n")
    write(src, "state.py", "def big():\n    return 1 << 40\n")
    build = tmp_path / "build"
    runtimes.compile_mpy(src, build / "engine")
    assert sorted(p.name for p in (build / "engine").iterdir()) == ["__init__.mpy", "state.mpy"]
    body = """\
        import gc
        import engine
        from engine import state
        print(engine.NAME, state.__file__.endswith(".mpy"), state.big(), gc.mem_alloc() > 0)
        """
    expected = "pkg True 1099511627776 True"
    script = write(tmp_path, "wasm/use.py", body)
    assert (
        runtimes.run_wasm(script, paths={build / "engine": "/engine"}, timeout=60).strip()
        == expected
    )
    # the unix port puts the script's directory first on sys.path
    script = write(build, "use.py", body)
    assert runtimes.run_unix(script, timeout=60).strip() == expected


def test_mpy_source_name_is_the_file_name_a_board_gives(tmp_path):
    # The import interns __file__ and loading the .mpy interns the source name it keeps for
    # tracebacks: compile_mpy makes them one string, so a module costs one interned name.
    write(tmp_path / "src" / "engine", "__init__.py", "")
    write(tmp_path / "src" / "engine", "rules.py", "def fail():\n    raise ValueError\n")
    write(tmp_path / "src" / "lib", "menu.py", "def fail():\n    raise ValueError\n")
    build = tmp_path / "build"
    runtimes.compile_mpy(tmp_path / "src" / "engine", build / "engine")
    runtimes.compile_mpy(tmp_path / "src" / "lib", build / "lib")
    script = write(tmp_path, "wasm/names.py", """\
        import io
        import sys
        from engine import rules
        import menu
        for module in (rules, menu):
            out = io.StringIO()
            try:
                module.fail()
            except ValueError as error:
                sys.print_exception(error, out)
            print(module.__file__, 'File "%s"' % module.__file__ in out.getvalue())
        """)
    output = runtimes.run_wasm(script, paths={build / "engine": "/engine", build / "lib": "/lib"},
                               timeout=60)
    assert output.split() == ["engine/rules.mpy", "True", "/lib/menu.mpy", "True"]


LOW_OBJECTS = """\
low = 0
made = []
for _ in range(1000):
    made.append(bytearray(4))
for thing in made:
    low += id(thing) < 1 << 24
print(low, len(made))
# run_wasm: next stage
print(sum(1 for thing in [bytearray(4) for _ in range(1000)] if id(thing) < 1 << 24))
"""


def test_lift_puts_a_scripts_objects_above_16_mb(tmp_path):
    # Without it this port's objects sit near 1 MB, where a move (below 2**24) in an array,
    # which the conservative collector scans, can pass for a dead object's address.
    script = write(tmp_path, "low.py", LOW_OBJECTS)
    plain = runtimes.run_wasm(script, timeout=60).split()
    assert plain[:2] == ["1000", "1000"]
    low, made, later = map(int, runtimes.run_wasm(script, lift=True, timeout=60).split())
    assert made == 1000 and low <= 10 and later <= 10  # a few holes of the runner's garbage


def test_each_run_has_a_fresh_heap_of_its_own(tmp_path):
    # run_wasm --each: one Node process, a MicroPython a list of arguments (the memory budget
    # tries a compile in dozens of rooms this way); nothing one run keeps reaches the next
    script = write(tmp_path, "keep.py", """\
        import gc
        import sys

        kept = bytearray(int(sys.argv[2]))
        gc.collect()
        print(sys.argv[1], gc.mem_alloc() - len(kept))
        """)
    output = runtimes.run_wasm(script, "a", each=[[1000], [200000], [1000]], timeout=60)
    runs = runtimes.split_runs(output)
    assert [run.split()[0] for run in runs] == ["a", "a", "a"]
    held = [int(run.split()[1]) for run in runs]
    assert held[0] == held[2] and abs(held[1] - held[0]) < 1024, held
    with pytest.raises(RuntimeError):  # a failing run stops the rest, with its status
        runtimes.run_wasm(script, "a", each=[[1000], ["not a number"], [1000]], timeout=60)
