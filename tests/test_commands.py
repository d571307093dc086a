"""The desktop commands' option errors: one line, naming the option and where the usage is
(sim/__init__.py ``CommandParser``), with nothing done."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ("sim", "sim.bench", "sim.card_art", "sim.deploy", "sim.memory_budget",
            "sim.minify", "sim.romfs", "sim.screenshots", "sim.typecheck")
REQUIRED = {"sim.deploy": ["--board", "pyportal", "--drive", "CIRCUITPY"]}  # told first


@pytest.mark.parametrize("module", COMMANDS)
def test_an_unknown_option_is_told_in_one_line(module):
    argv = [sys.executable, "-m", module, *REQUIRED.get(module, ()), "--bogus"]
    result = subprocess.run(argv, cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (2, "")
    prog = "python -m " + module
    assert result.stderr == ("error: unrecognized arguments: --bogus (%s%s --help shows the "
                             "options)\n" % (prog, " play" if module == "sim" else "")), \
        result.stderr


def test_a_missing_option_is_told_in_one_line():
    result = subprocess.run([sys.executable, "-m", "sim.deploy"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr == ("error: the following arguments are required: --board, --drive "
                             "(python -m sim.deploy --help shows the options)\n")


@pytest.mark.parametrize("module", ("sim.card_art", "sim.screenshots"))
def test_an_output_folder_that_cannot_be_made_is_told_in_one_line(module, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    for folder, why in ((blocker, "%s is a file, not a folder" % blocker),
                        (blocker / "sub", "cannot make the folder %s/sub: " % blocker)):
        result = subprocess.run([sys.executable, "-m", module, "--out", str(folder)], cwd=ROOT,
                                capture_output=True, text=True, timeout=60)
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr.startswith("error: " + why), result.stderr
        assert result.stderr.count("\n") == 1


def test_card_art_checks_the_preview_folder_before_it_writes_a_sheet(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    out = tmp_path / "sheets"
    result = subprocess.run([sys.executable, "-m", "sim.card_art", "--out", str(out),
                             "--preview", str(blocker / "sub")], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert not list(out.glob("*"))
