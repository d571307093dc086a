"""How to play (lib/howto.py, lib/title_menus.py ``show_howto``): every page fits every
screen in both languages, and the screen pages on, wraps round and goes back to the title."""

from __future__ import annotations

import sys

import howto
import pytest
from boards import NAMES, profile
from input_events import BACK, SELECT
from test_app import item_row, make_app, pick, screen_text, touch_row
from text_line import wrap
from text_scene import TextScene

from sim import display as sim_display

WIDTHS = {"large": 320, "medium": 240, "compact": 160}  # a screen width of each layout


@pytest.mark.parametrize("board", NAMES)
@pytest.mark.parametrize("language", ["en", "it"])
def test_every_page_fits_every_screen_in_ascii(language, board):
    pages = howto.pages(language, profile(board).keys)
    scenes = {layout: TextScene(width, 240, layout) for layout, width in WIDTHS.items()}
    assert len(pages) == len(howto.pages("en"))  # the languages page alike
    for heading, text in pages:
        assert heading.isascii() and text.isascii()  # the board's font has no accents
        assert len("%s %d/%d" % (heading, len(pages), len(pages))) <= 26  # the large title
        for layout, scene in scenes.items():
            rows = scene.rows - 2  # Next page and Back below the text
            assert len(wrap(text, scene.chars)) <= rows, (heading, layout)


@pytest.fixture(params=("pyportal", "pybadge"))
def shown(request):
    display = sim_display.open_display(request.param, headless=True)
    yield display
    display.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_how_to_play_pages_on_and_goes_back_to_the_title(shown, tmp_path, language):
    app, _ = make_app(shown, tmp_path, language=language)
    pages = howto.pages(language, app.board.keys)
    pick(app, "howto")
    assert app.screen == "howto" and app.items == ("next_page", "back")
    for number, (heading, text) in enumerate(pages + pages[:1]):  # and round to the first
        lines = app.text_scene.text()
        assert lines[0].strip() == "%s %d/%d" % (heading, number % len(pages) + 1, len(pages))
        shown_text = " ".join(line.strip() for line in lines[1:-3] if line.strip())
        assert shown_text == " ".join(wrap(text, app.text_scene.chars))
        assert app.texts["next_page"] in screen_text(app)
        app.handle(SELECT)  # the cursor stays on Next page
    assert "howto" not in sys.modules  # read for each page, then dropped
    app.handle(BACK)
    assert app.screen == "title" and app.items[app.cursor] == "howto"
    assert not (tmp_path / "scopone.set").exists()  # reading changes no choice


def test_a_touch_on_next_page_turns_it(tmp_path):
    display = sim_display.open_display("pyportal", headless=True)
    try:
        app, _ = make_app(display, tmp_path)
        pick(app, "howto")
        next_page = item_row(app, "next_page")
        touch_row(app, next_page)
        assert app.text_scene.text()[0].strip().endswith("2/%d" % len(howto.pages("en")))
        touch_row(app, next_page + 1)  # Back
        assert app.screen == "title"
    finally:
        display.close()


@pytest.mark.parametrize(("board", "told"), [
    ("pyportal", "Touch the score for the pause menu"),
    ("pico-display", "Y goes back. On the table Y opens the pause menu; with several takes, "
                     "A/B pick one, X confirms. Hint: hold Y."),
    ("pybadge", "B goes back. On the table B opens the pause menu; with several takes, <> "
                "pick one, A confirms. Hint: SELECT."),
])
def test_the_first_page_tells_the_boards_controls(board, told):
    # The 1.14" Pico's turn line has no room to name the pause menu's button: this page does.
    heading, text = howto.pages("en", profile(board).keys)[0]
    assert heading == "Controls" and told in text
