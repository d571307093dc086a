"""Tests for the tile text lines (lib/text_line.py): padding, cutting and alignment, colours,
characters outside ASCII, no display objects made when the text changes, and the pixels on a
headless display against the font's own glyphs.
"""

from __future__ import annotations

import displayio
import pytest
import terminalio
import text_line
from layouts import CENTER, GLYPH_HEIGHT, GLYPH_WIDTH, LEFT, RIGHT
from text_line import TextLine, wrap

from sim import display as sim_display

BACKGROUND = (0, 0, 0)
WHITE = (255, 255, 255)
GREEN = (0, 255, 0)  # exact in RGB565, like white and black
RED = (255, 0, 0)


def tiles(line: TextLine) -> list[int]:
    grid = line.grid
    return [grid[i] for i in range(grid.width * grid.height)]


def tile_of(char: str) -> int:
    return text_line.glyph_sheet(terminalio.FONT)[3][ord(char) - 32]


# --- the glyph sheet ------------------------------------------------------------------------


def test_glyph_sheet_has_a_tile_per_ascii_character_of_the_font_cell():
    bitmap, width, height, table = text_line.glyph_sheet(terminalio.FONT)
    assert (width, height) == (GLYPH_WIDTH, GLYPH_HEIGHT) == terminalio.FONT.get_bounding_box()
    assert len(table) == 95 and len(set(table)) == 95
    assert bitmap.width >= 95 * width and bitmap.height >= height
    assert text_line.glyph_sheet(terminalio.FONT)[0] is bitmap  # made once


def test_glyph_tiles_hold_the_font_glyphs():
    bitmap, width, height, table = text_line.glyph_sheet(terminalio.FONT)
    per_row = bitmap.width // width
    for char in "A g?~|_0":
        glyph = terminalio.FONT.get_glyph(ord(char))
        tile = table[ord(char) - 32]
        left, top = tile % per_row * width, tile // per_row * height
        # Blinka's glyphs fill the 6x12 cell (dx 0, the baseline 2 pixels up)
        assert (glyph.width, glyph.height) == (width, height)
        for y in range(height):
            for x in range(width):
                assert bool(bitmap[left + x, top + y]) == bool(glyph.bitmap[x, y]), (char, x, y)


# --- text -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("align", "shown"), [
    (LEFT, "Scopa     "),
    (CENTER, "  Scopa   "),
    (RIGHT, "     Scopa"),
])
def test_text_is_padded_to_the_line_with_its_alignment(align, shown):
    line = TextLine(50, 0, 10, align)
    assert line.text == " " * 10
    line.text = "Scopa"
    assert line.text == shown
    assert tiles(line) == [tile_of(c) for c in shown]


def test_long_text_is_cut_and_short_text_clears_the_rest():
    line = TextLine(0, 0, 8, RIGHT)
    line.text = "Left: 7d takes 3b 4s"
    assert line.text == "Left: 7d"
    line.text = "7d"
    assert line.text == "      7d"
    assert tiles(line) == [tile_of(c) for c in "      7d"]
    line.text = ""
    assert line.text == " " * 8 and set(tiles(line)) == {tile_of(" ")}


def test_characters_outside_ascii_are_drawn_as_a_question_mark():
    line = TextLine(0, 0, 6)
    line.text = "Però\t!"
    assert tiles(line) == [tile_of(c) for c in "Per??!"]
    assert line.text == "Però\t!"  # the text as given


def test_rows_hold_lines_of_text():
    line = TextLine(0, 0, 5, rows=3)
    line.text = "one\ntwo"
    assert line.text == "one  \ntwo  \n     "
    assert tiles(line) == [tile_of(c) for c in "one  two       "]
    line.text = "a\nb\nc\nd"
    assert line.text == "a    \nb    \nc    "


@pytest.mark.parametrize(("align", "left"), [(LEFT, 100), (CENTER, 100 - 30), (RIGHT, 100 - 60)])
def test_the_box_is_placed_by_its_alignment(align, left):
    line = TextLine(100, 20, 10, align)
    assert line.layer is line.grid and (line.grid.x, line.grid.y) == (left, 20)
    big = TextLine(100, 20, 10, align, scale=2)  # a TileGrid has no scale: a Group holds it
    assert list(big.layer) == [big.grid] and (big.grid.x, big.grid.y) == (0, 0)
    assert big.layer.x == 100 - (100 - left) * 2 and big.layer.scale == 2


def test_colours_and_background():
    line = TextLine(0, 0, 4, color=0x123456)
    palette = line.grid.pixel_shader
    assert line.color == 0x123456 and line.background_color is None
    assert palette.is_transparent(0) and not palette.is_transparent(1)
    line.color = 0xFFC850
    line.background_color = 0x2E7D4F
    assert line.color == 0xFFC850 and line.background_color == 0x2E7D4F
    assert not palette.is_transparent(0)
    line.background_color = None
    assert palette.is_transparent(0)


def test_changing_text_colour_and_visibility_makes_no_display_object(construction_counter):
    line = TextLine(0, 0, 52)
    built = dict(construction_counter)
    assert built["Group"] == 0 and built["TileGrid"] == 1 and built["Palette"] == 1
    for i in range(200):
        line.text = "row %d" % i
        line.color = 0xFFFFFF if i % 2 else 0x40FFFF
        line.background_color = None if i % 3 else 0x2E7D4F
        line.layer.hidden = i % 2 == 0
    assert construction_counter == built


def test_only_changed_tiles_are_written(monkeypatch):
    line = TextLine(0, 0, 10)
    line.text = "Your turn"
    written = []
    grid_class = type(line.grid)
    original = grid_class.__setitem__

    def record(grid, index, value):
        written.append(index)
        original(grid, index, value)

    monkeypatch.setattr(grid_class, "__setitem__", record)
    line.text = "Your team"
    assert written == [6, 7, 8]
    line.text = "Your team"
    assert written == [6, 7, 8]


# --- pixels on the headless display ---------------------------------------------------------


@pytest.fixture
def screen():
    shown = sim_display.open_display("pybadge", headless=True)
    yield shown
    shown.close()


def glyph_pixels(char: str):
    """(x, y) of every set pixel of ``char``'s glyph in its 6x12 cell."""
    glyph = terminalio.FONT.get_glyph(ord(char))
    return {(x, y) for y in range(glyph.height) for x in range(glyph.width)
            if glyph.bitmap[x, y]}


def test_rendered_characters_match_the_font_glyphs(screen):
    group = displayio.Group()
    plain = TextLine(10, 20, 4, LEFT, GREEN)
    plain.text = "Ag?"
    boxed = TextLine(150, 50, 3, RIGHT, WHITE, background_color=0xFF0000)
    boxed.text = "j"
    big = TextLine(10, 80, 2, LEFT, WHITE, scale=2)
    big.text = "Q"
    for line in (plain, boxed, big):
        group.append(line.layer)
    screen.root_group = group
    screen.refresh()
    for column, char in enumerate("Ag?"):
        ink = glyph_pixels(char)
        assert ink
        for y in range(GLYPH_HEIGHT):
            for x in range(GLYPH_WIDTH):
                expected = GREEN if (x, y) in ink else BACKGROUND
                assert screen.pixel(10 + column * GLYPH_WIDTH + x, 20 + y) == expected, (
                    char, x, y)
    # right-aligned: "  j" ends at x 150, on its red box; nothing drawn beside the box
    ink = glyph_pixels("j")
    for y in range(GLYPH_HEIGHT):
        for x in range(3 * GLYPH_WIDTH):
            column, cell_x = divmod(x, GLYPH_WIDTH)
            expected = WHITE if column == 2 and (cell_x, y) in ink else RED
            assert screen.pixel(150 - 18 + x, 50 + y) == expected, (x, y)
        assert screen.pixel(150 - 19, 50 + y) == BACKGROUND
        assert screen.pixel(150, 50 + y) == BACKGROUND
    # scale 2: each glyph pixel is 2x2
    ink = glyph_pixels("Q")
    for y in range(2 * GLYPH_HEIGHT):
        for x in range(2 * GLYPH_WIDTH):
            expected = WHITE if (x // 2, y // 2) in ink else BACKGROUND
            assert screen.pixel(10 + x, 80 + y) == expected, (x, y)


def test_new_text_redraws_on_the_next_refresh(screen):
    line = TextLine(0, 0, 3, LEFT, WHITE)
    line.text = "A"
    screen.root_group = displayio.Group()
    screen.root_group.append(line.layer)
    screen.refresh()
    line.text = " A"
    line.color = GREEN
    screen.refresh()
    ink = glyph_pixels("A")
    for y in range(GLYPH_HEIGHT):
        for x in range(2 * GLYPH_WIDTH):
            inked = x >= GLYPH_WIDTH and (x - GLYPH_WIDTH, y) in ink
            assert screen.pixel(x, y) == (GREEN if inked else BACKGROUND), (x, y)


def test_wrap_cuts_at_spaces_and_splits_long_words():
    assert wrap("keep the values paired: C-28", 12) == ["keep the", "values", "paired: C-28"]
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]
    assert wrap("", 5) == []
