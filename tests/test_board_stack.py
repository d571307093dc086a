"""The Python stack a board is given (sim/deploy.py ``PYSTACK_BYTES``, in settings.toml) holds
the game's deepest call chain with a quarter to spare: a hint in a hand's last plays against
``hard`` bots, through lib/main_loop.py's loop, on the 32-bit port (tests/mp/board_stack.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from sim import deploy, mpruntime

SCRIPT = Path("tests") / "mp" / "board_stack.py"


def paths(root: Path) -> dict:
    return {root / "engine": "/engine", root / "lib": "/lib",
            root / "sim" / "mp" / "stubs": "/stubs",
            root / "tests" / "mp": "/testmp"}  # the script's board_fakes.py


@pytest.mark.parametrize("board", ["pybadge", "pyportal"])
@pytest.mark.parametrize("build", ["as written", "renamed"])
def test_a_hand_with_hints_runs_in_three_quarters_of_the_boards_python_stack(board, build,
                                                                              request):
    # "renamed": the code as a .mpy deploy has it (sim/minify.py)
    root = ROOT if build == "as written" else request.getfixturevalue("renamed_root")
    words = deploy.PYSTACK_BYTES * 3 // 4 // 4  # the port counts its stack in 4-byte words
    output = mpruntime.run_wasm(root / SCRIPT, board, paths=paths(root), pystack=words)
    assert output.split()[0] == "hand_end" and int(output.split()[1]) >= 9  # a hint a turn
