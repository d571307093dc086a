"""The README's screenshots (sim/screens/, made by ``python -m sim.screenshots``) are current:
made again, every screen at every layout has the same pixels as the committed picture."""

from __future__ import annotations

import boards
import pygame
import pytest

from sim import screenshots


@pytest.mark.parametrize("board_name", screenshots.BOARDS)
def test_screenshots_match_the_committed_ones(board_name, tmp_path):
    made = screenshots.shoot(board_name, tmp_path)
    board = boards.profile(board_name)
    assert len(made) == len(screenshots.SCREENS)
    for path in made:
        committed = screenshots.OUT / path.name
        assert committed.exists(), "%s is missing: run make screenshots" % committed.name
        new = pygame.image.load(str(path))
        old = pygame.image.load(str(committed))
        assert new.get_size() == (board.width, board.height)
        assert pygame.image.tobytes(new, "RGB") == pygame.image.tobytes(old, "RGB"), (
            "%s changed: run make screenshots and look at the new pictures" % path.name)


def test_an_out_that_is_a_file_is_refused_before_any_screen(tmp_path, capsys):
    taken = tmp_path / "taken.png"
    taken.write_bytes(b"")
    with pytest.raises(SystemExit) as stop:
        screenshots.main(["--out", str(taken)])
    assert stop.value.code == 2
    assert "taken.png is a file, not a folder" in capsys.readouterr().err
