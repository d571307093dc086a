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
