"""Card art (sim/card_art.py, assets/, lib/card_tiles.py): the committed sheets are current,
have the documented shape and palette, read as displayio's OnDiskBitmap (as the game reads
them, lib/main_loop.py) and Pillow alike, and every face is its own picture."""

from __future__ import annotations

import displayio
import pytest
from PIL import Image

from conftest import ROOT
from lib.card_tiles import (
    CARD_SIZES,
    STYLES,
    TILE_BACK,
    TILE_COUNT,
    TILE_EMPTY,
    TILE_FRAMED,
    TILE_SELECT,
    TRANSPARENT,
    sheet_name,
)
from sim import card_art

ASSETS = ROOT / "assets"
SHEETS = [(style, w, h) for w, h in CARD_SIZES.values() for style in STYLES]
IDS = ["%s_%dx%d" % sheet for sheet in SHEETS]


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("cards")
    assert card_art.main(["--out", str(out)]) == 0
    return out


def tiles(style, w, h):
    """The sheet's tiles as bytes of palette indices, read by Pillow."""
    sheet = Image.open(ASSETS / sheet_name(style, w, h))
    return [sheet.crop((i * w, 0, (i + 1) * w, h)).tobytes() for i in range(TILE_COUNT)]


def test_tile_indices_follow_the_faces():
    assert (TILE_BACK, TILE_EMPTY, TILE_SELECT, TILE_FRAMED, TILE_COUNT) == (40, 41, 42, 43, 83)


@pytest.mark.parametrize("sheet", SHEETS, ids=IDS)
def test_framed_faces_are_the_face_under_the_frame(sheet):
    # What a frame TileGrid over a table card drew: the frame where it has colour, else the face.
    style, w, h = sheet
    all_tiles = tiles(style, w, h)
    frame = all_tiles[TILE_SELECT]
    for card in range(40):
        face = all_tiles[card]
        expected = bytes(face[i] if frame[i] == TRANSPARENT else frame[i] for i in range(w * h))
        assert all_tiles[TILE_FRAMED + card] == expected
        assert expected != face


def test_ten_cards_fit_the_display_width():
    for (display_w, display_h), (w, h) in CARD_SIZES.items():
        assert w + 9 * (w - 1) <= display_w  # overlapped by at most one pixel
        assert 3 * h < display_h  # a hand and two rows of table


@pytest.mark.parametrize("sheet", SHEETS, ids=IDS)
def test_committed_sheets_are_current(sheet, generated):
    name = sheet_name(*sheet)
    assert (generated / name).read_bytes() == (ASSETS / name).read_bytes(), \
        "assets/%s is stale: run python -m sim.card_art" % name


def test_regenerating_gives_the_same_bytes():
    assert card_art.sheets() == card_art.sheets()
    assert sorted(card_art.sheets()) == sorted(sheet_name(*sheet) for sheet in SHEETS)


@pytest.mark.parametrize("sheet", SHEETS, ids=IDS)
def test_sheet_shape_palette_and_size(sheet):
    style, w, h = sheet
    path = ASSETS / sheet_name(style, w, h)
    image = Image.open(path)
    assert image.format == "BMP" and image.mode == "P"
    assert image.size == (w * TILE_COUNT, h)
    assert len(image.getpalette()) // 3 == len(card_art.PALETTE) <= 16
    assert image.info.get("compression", 0) == 0
    header = path.read_bytes()[:54]
    assert int.from_bytes(header[28:30], "little") == 4  # bits per pixel
    assert path.stat().st_size < 32 * 1024  # flash; an OnDiskBitmap keeps the pixels there


@pytest.mark.parametrize("sheet", SHEETS, ids=IDS)
def test_on_disk_bitmap_reads_what_pillow_reads(sheet):
    style, w, h = sheet
    path = ASSETS / sheet_name(style, w, h)
    bitmap = displayio.OnDiskBitmap(str(path))
    palette = bitmap.pixel_shader
    assert (bitmap.width, bitmap.height) == (w * TILE_COUNT, h)
    assert isinstance(palette, displayio.Palette)
    assert len(palette) == len(card_art.PALETTE)
    for i, rgb in enumerate(card_art.PALETTE):
        assert palette[i] == rgb
    pixels = Image.open(path).load()
    for y in range(h):
        for x in range(w * TILE_COUNT):
            # Blinka's pixel read (a board's is in C); OnDiskBitmap has no public one
            assert bitmap._get_pixel(x, y) == pixels[x, y], (x, y)
    # the whole grid of tiles a TileGrid would cut from it
    grid = displayio.TileGrid(bitmap, pixel_shader=palette, tile_width=w, tile_height=h)
    grid[0] = TILE_SELECT
    assert grid[0] == TILE_SELECT


@pytest.mark.parametrize("sheet", SHEETS, ids=IDS)
def test_faces_are_all_different(sheet):
    faces = tiles(*sheet)[:40]
    assert len(set(faces)) == 40
    for face in faces:
        assert face.count(TRANSPARENT) == 4  # only the rounded corners


@pytest.mark.parametrize("sheet", SHEETS, ids=IDS)
def test_rank_and_suit_each_change_the_face(sheet):
    faces = tiles(*sheet)
    w = sheet[1]
    corner = [b"".join(face[y * w + 2:y * w + 7] for y in range(2, 9)) for face in faces[:40]]
    symbol = [face[10 * w:] for face in faces[:40]]
    for suit in range(4):
        ranks = {bytes(c != 1 for c in corner[suit * 10 + r]) for r in range(10)}
        assert len(ranks) == 10  # ten distinct rank glyphs, whatever their colour
    for rank in range(10):
        assert len({symbol[s * 10 + rank] for s in range(4)}) == 4  # four suit symbols


@pytest.mark.parametrize("sheet", SHEETS, ids=IDS)
def test_outlines_are_transparent_inside(sheet):
    style, w, h = sheet
    all_tiles = tiles(style, w, h)
    centre = (h // 2) * w + w // 2
    for tile in (TILE_EMPTY, TILE_SELECT):
        assert all_tiles[tile][centre] == TRANSPARENT
    assert all_tiles[TILE_BACK][centre] != TRANSPARENT
    assert all(face[centre] != TRANSPARENT for face in all_tiles[:40])
