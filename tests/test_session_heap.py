"""A long session on a board does not grow: match after match through the board's own loop
(tests/mp/session_heap.py on the MicroPython unix port), How to play read through before each, a
hint, the pause menu and the taken cards each hand (and the sound turned there, where there is
a speaker, which the settings keep as each match ends), a save after every play and the
statistics recorded, the heap held on the title stays where it was after the second match. The first
match loads what later ones reuse (a screen's first names), so it is the one allowed to
differ. Run on the code as written and, for every board profile, as a .mpy deploy renames it
(sim/minify.py).
"""

from __future__ import annotations

import re

import boards
import pytest
import settings
from stats import load_stats

from conftest import ROOT
from sim import mpruntime

SCRIPT = ROOT / "tests" / "mp" / "session_heap.py"
MATCHES = 4
_LINE = re.compile(r"match (\d+) alloc (\d+) hints (\d+) pauses (\d+) reviews (\d+)\s+"
                   r"qstr pool: n_pool=\d+, n_qstr=(\d+)")


BUILDS = [("pyportal", "as written"), ("pybadge", "as written")]
BUILDS += [(board, "renamed") for board in ("pyportal", "pico-display", "pico-display-2",
                                             "pybadge")]  # lib/boards.py's profiles


@pytest.mark.parametrize(("board", "build"), BUILDS)
def test_matches_in_a_row_keep_nothing_on_the_heap(board, build, tmp_path, request):
    # "renamed": the code as a .mpy deploy has it (sim/minify.py), on every board's profile
    root = ROOT if build == "as written" else request.getfixturevalue("renamed_root")
    script = root / SCRIPT.relative_to(ROOT)
    try:
        output = mpruntime.run_unix(script, root, board, MATCHES, tmp_path, heap="4m",
                                    mpy_root=root)
    except mpruntime.MissingRuntime as missing:
        pytest.skip(str(missing))
    rows = [tuple(int(n) for n in found) for found in _LINE.findall(output)]
    assert [row[0] for row in rows] == list(range(1, MATCHES + 1)), output
    hints, pauses, reviews = rows[-1][2:5]
    assert hints >= MATCHES * 2 and pauses == hints == reviews  # each hand asked all three
    assert load_stats(str(tmp_path)).played["normal"] == MATCHES
    assert output.count("howto title") == MATCHES  # How to play read through before each
    notes, turns = (int(n) for n in re.search(r"notes (\d+) turns (\d+)", output).groups())
    assert (notes > 0) is boards.profile(board).speaker  # the tunes played, where they can
    # the pause menu's sound once a hand where there is one, kept as each match ended
    assert (turns == hints) is boards.profile(board).speaker and (turns > 0) is (notes > 0)
    assert settings.load(str(tmp_path)).sound is (turns % 2 == 0)
    second = rows[1]
    for row in rows[2:]:
        assert abs(row[1] - second[1]) <= 128, "match %d holds %d bytes more than match 2" % (
            row[0], row[1] - second[1])
        assert row[5] - second[5] <= 4, "match %d interned %d names more" % (
            row[0], row[5] - second[5])
