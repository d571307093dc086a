"""Every board's start-up and first minutes through its own driver, with the firmware and
libraries stood in strictly (tests/fake_hw/: a name or keyword the real module lacks fails), on
the code as written, on the code as a .mpy deploy renames it and as a .py deploy builds it
(sim/minify.py), which must behave the same: tests/board/start_board.py on CPython.
tests/test_code_py.py checks the drivers' events and messages in detail, on the code as
written only.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT

SCRIPT = ("tests", "board", "start_board.py")
CASES = [  # (board_id, SCOPONE_BOARD, what it shows)
    ("pyportal", "-", "game"),
    ("raspberry_pi_pico", "pico-display", "game"),
    ("raspberry_pi_pico2", "pico-display-2", "game"),
    ("pybadge", "-", "game"),
    ("pygamer", "-", "game"),
    ("pyportal-nolib", "-", "message shown"),  # adafruit_touchscreen missing
    ("pyportal_titano", "-", "message shown"),  # a screen the game has no layout for
    ("raspberry_pi_pico", "bad-name", "no screen"),  # which pack it is cannot be told
]


def start(root, board_id, setting, saves) -> str:
    script = root.joinpath(*SCRIPT)
    result = subprocess.run([sys.executable, str(script), str(ROOT), str(root), board_id,
                             setting, str(saves)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.mark.parametrize(("board_id", "setting", "shows"), CASES)
def test_a_board_starts_and_plays_the_same_renamed(board_id, setting, shows, renamed_root,
                                                    py_build_root, tmp_path):
    roots = [("written", ROOT), ("renamed", renamed_root)]
    if shows == "game":  # and the .py deploy's build (sim/minify.py py_build) where it plays
        roots.append(("py_build", py_build_root))
    outputs = []
    for name, root in roots:
        saves = tmp_path / name
        saves.mkdir()
        outputs.append(start(root, board_id, setting, saves))
    written = outputs[0]
    assert outputs[1:] == [written] * (len(outputs) - 1)
    if shows != "game":
        assert written.splitlines()[-1] == "no game; " + shows
        return
    lines = dict(line.split(" ", 1) for line in written.splitlines()[1:])
    screens = lines["screens"].split()
    assert written.startswith("Scopone on %s" % board_id.replace("-nolib", ""))
    assert {"table", "pause"} <= set(screens), screens  # a match, and its menu
    assert lines["refreshed"] == "True" and lines["saved"] == "scopone.sav"
    assert lines["ticks"] == "True"  # the clock is the firmware's (engine/clock.py)
    # the plays sound on a board with a speaker (lib/sound.py); a Pico's pack has none
    assert (lines["notes"] == "none") is board_id.startswith("raspberry_pi_pico")
    assert lines["notes"] == "none" or int(lines["notes"]) > 0
