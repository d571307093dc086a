"""Card art: draws the card sprite sheets in ``assets/`` (issue 4), the same bytes on every run.

``python -m sim.card_art [--out DIR] [--preview DIR]`` writes, for each card size in
``lib/card_tiles.CARD_SIZES`` and each deck style (italian, french), one sheet
``cards_<style>_<w>x<h>.bmp``: a single row of ``TILE_COUNT`` tiles (40 faces in the engine's
card order, then the back, the empty slot and the selection frame, then the 40 faces with
the selection frame on them), 4 bits per pixel, with the one palette below. ``--preview``
also writes each sheet enlarged as a PNG (needs Pillow).

Everything is drawn here, pixel by pixel: a 5x7 font for the ranks and suit symbols sampled
from simple shapes at pixel centres, so the output depends on no font or library version.

Desktop only.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

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
from sim import CommandParser

ROOT = Path(__file__).resolve().parent.parent

# The palette, shared by every sheet (index: RGB). Index 0 is made transparent on the board.
PALETTE = (
    0xFF00FF,  # 0 transparent
    0xF8F4E8,  # 1 card face
    0x181818,  # 2 ink: outlines, French spades
    0xF0B828,  # 3 gold: coins, diamonds
    0xA86C00,  # 4 dark gold: coin rims, denari and diamond ranks
    0xD02020,  # 5 red: cups, hearts
    0x18883A,  # 6 green: batons, clubs
    0x2850C8,  # 7 blue: swords' hilts and ranks
    0xB8C4D0,  # 8 steel: sword blades
    0x223A78,  # 9 back
    0x6A90D8,  # 10 back pattern
    0x00D8FF,  # 11 selection frame
    0x8C8C8C,  # 12 empty slot
)
_FACE, _INK, _GOLD, _DGOLD, _RED, _GREEN, _BLUE, _STEEL = 1, 2, 3, 4, 5, 6, 7, 8
_BACK, _BACK2, _SELECT, _SLOT = 9, 10, 11, 12

# Rank letters per style, rank 0..9 (A 2 3 4 5 6 7 and the three figures).
RANKS = {"italian": "A234567FCR", "french": "A234567JQK"}

# 5x7 font, one string per glyph: rows top to bottom, "#" ink.
FONT = {
    "A": ".###. #...# #...# ##### #...# #...# #...#",
    "2": ".###. #...# ....# ..##. .#... #.... #####",
    "3": "####. ....# ....# .###. ....# ....# ####.",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    "5": "##### #.... ####. ....# ....# #...# .###.",
    "6": "..##. .#... #.... ####. #...# #...# .###.",
    "7": "##### ....# ...#. ..#.. .#... .#... .#...",
    "F": "##### #.... #.... ####. #.... #.... #....",
    "C": ".###. #...# #.... #.... #.... #...# .###.",
    "R": "####. #...# #...# ####. #.#.. #..#. #...#",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##..",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
}


# Suit symbols: each maps a point (u, v) of the unit square (v down) to a palette index or 0.
def _disc(u, v, cx, cy, r):
    return (u - cx) * (u - cx) + (v - cy) * (v - cy) <= r * r


def _coin(u, v):
    if not _disc(u, v, 0.5, 0.5, 0.5):
        return 0
    return _DGOLD if max(abs(u - 0.5), abs(v - 0.5)) <= 0.12 else _GOLD  # the square hole


def _cup(u, v):
    du = abs(u - 0.5)
    if v <= 0.5 and (du / 0.5) ** 2 + (v / 0.58) ** 2 <= 1:
        return _RED  # the bowl, its rim on top
    if v <= 0.86 and du <= 0.07:
        return _RED  # the stem
    if v > 0.82 and du <= 0.25:
        return _RED  # the foot
    return 0


def _baton(u, v):
    ax, ay, bx, by = 0.18, 0.9, 0.7, 0.26  # the grip end, the head
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((u - ax) * dx + (v - ay) * dy) / (dx * dx + dy * dy)))
    px, py = ax + t * dx - u, ay + t * dy - v
    r = 0.09 + 0.04 * t
    return _GREEN if px * px + py * py <= r * r or _disc(u, v, bx, by, 0.24) else 0


def _sword(u, v):
    du = abs(u - 0.5)
    if v <= 0.7 and du <= 0.1 * min(1.0, v / 0.15):
        return _STEEL  # the blade, pointed at the top
    if 0.68 <= v <= 0.8 and du <= 0.34:
        return _BLUE  # the cross-guard
    if v > 0.8 and du <= 0.08:
        return _BLUE  # the grip
    return 0


def _diamond(u, v):
    return _GOLD if abs(u - 0.5) / 0.4 + abs(v - 0.5) / 0.5 <= 1.0 else 0


def _heart_shape(u, v):
    if _disc(u, v, 0.27, 0.3, 0.25) or _disc(u, v, 0.73, 0.3, 0.25):
        return True
    return v >= 0.3 and abs(u - 0.5) <= 0.49 * (1.0 - (v - 0.3) / 0.68)


def _heart(u, v):
    return _RED if _heart_shape(u, v) else 0


def _stem(u, v, top):
    return v >= top and abs(u - 0.5) <= 0.06 + (v - top) * 0.45


def _club(u, v):
    lobes = (_disc(u, v, 0.5, 0.25, 0.23) or _disc(u, v, 0.25, 0.57, 0.23)
             or _disc(u, v, 0.75, 0.57, 0.23))
    return _GREEN if lobes or _stem(u, v, 0.5) else 0


def _spade(u, v):
    body = v <= 0.78 and _heart_shape(u, 1.0 - v / 0.78)
    return _INK if body or _stem(u, v, 0.55) else 0


# Per style: (symbol, outline colour or 0, rank colour) for suits 0..3 (d c b s).
SUITS = {
    "italian": ((_coin, _INK, _DGOLD), (_cup, _INK, _RED), (_baton, _INK, _GREEN),
                (_sword, _INK, _BLUE)),
    "french": ((_diamond, _DGOLD, _DGOLD), (_heart, 0, _RED), (_club, 0, _GREEN),
               (_spade, 0, _INK)),
}

# Face layout per card width: (symbol size, symbol x, symbol y, rank repeated upside down).
LAYOUTS = {23: (13, 5, 9, True), 19: (11, 5, 12, False), 15: (9, 4, 10, False)}


class Tile:
    """One tile: a width x height grid of palette indices, all transparent to start."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.pixels = bytearray(width * height)

    def set(self, x: int, y: int, colour: int) -> None:
        self.pixels[y * self.width + x] = colour

    def get(self, x: int, y: int) -> int:
        return self.pixels[y * self.width + x]

    def rounded_rect(self, fill: int, border: int) -> None:
        """The card shape: a one-pixel ``border`` round ``fill``, the four corners cut off."""
        w, h = self.width, self.height
        for y in range(h):
            for x in range(w):
                edge = x in (0, w - 1) or y in (0, h - 1)
                self.set(x, y, border if edge else fill)
        for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            self.set(x, y, TRANSPARENT)

    def glyph(self, char: str, x0: int, y0: int, colour: int, flip: bool = False) -> None:
        """Draws ``char`` of FONT with its top left at (x0, y0); ``flip`` turns it 180°."""
        for row, bits in enumerate(FONT[char].split()):
            for col, bit in enumerate(bits):
                if bit == "#":
                    x, y = (4 - col, 6 - row) if flip else (col, row)
                    self.set(x0 + x, y0 + y, colour)

    def symbol(self, shape, size: int, x0: int, y0: int, outline: int) -> None:
        """Samples ``shape`` at pixel centres into a ``size`` square at (x0, y0); with an
        ``outline`` colour the shape is drawn one pixel smaller and ringed in it."""
        inset = 1 if outline else 0
        inner = size - 2 * inset
        mask = bytearray(size * size)
        for y in range(inner):
            for x in range(inner):
                colour = shape((x + 0.5) / inner, (y + 0.5) / inner)
                mask[(y + inset) * size + x + inset] = colour
        for y in range(size):
            for x in range(size):
                colour = mask[y * size + x]
                if not colour and outline and _touches(mask, size, x, y):
                    colour = outline
                if colour:
                    self.set(x0 + x, y0 + y, colour)


def _touches(mask: bytearray, size: int, x: int, y: int) -> bool:
    """Whether the empty mask pixel (x, y) has a painted neighbour, diagonals included."""
    for ny in range(max(0, y - 1), min(size, y + 2)):
        for nx in range(max(0, x - 1), min(size, x + 2)):
            if mask[ny * size + nx]:
                return True
    return False


def draw_face(style: str, card: int, width: int, height: int) -> Tile:
    """The face of ``card`` (suit * 10 + rank) in ``style``."""
    shape, outline, ink = SUITS[style][card // 10]
    char = RANKS[style][card % 10]
    size, sx, sy, repeat = LAYOUTS[width]
    tile = Tile(width, height)
    tile.rounded_rect(_FACE, _INK)
    tile.glyph(char, 2, 2, ink)
    tile.symbol(shape, size, sx, sy, outline)
    if repeat:
        tile.glyph(char, width - 7, height - 9, ink, flip=True)
    return tile


def draw_back(width: int, height: int) -> Tile:
    """The back: a lattice of diagonals inside an ink border."""
    tile = Tile(width, height)
    tile.rounded_rect(_BACK, _INK)
    for y in range(2, height - 2):
        for x in range(2, width - 2):
            if (x + y) % 4 == 0 or (x - y) % 4 == 0:
                tile.set(x, y, _BACK2)
    return tile


def draw_empty(width: int, height: int) -> Tile:
    """An empty place: a dashed grey outline, transparent inside."""
    tile = Tile(width, height)
    for y in range(height):
        for x in range(width):
            on_edge = x in (0, width - 1) or y in (0, height - 1)
            corner = x in (0, width - 1) and y in (0, height - 1)
            if on_edge and not corner and (x + y) % 4 < 2:
                tile.set(x, y, _SLOT)
    return tile


def draw_select(width: int, height: int) -> Tile:
    """The selection frame: two pixels over the card's edge, transparent inside."""
    tile = Tile(width, height)
    for y in range(height):
        for x in range(width):
            ring = min(x, y, width - 1 - x, height - 1 - y)
            corner = x in (0, width - 1) and y in (0, height - 1)
            if ring < 2 and not corner:
                tile.set(x, y, _SELECT)
    return tile


def draw_tiles(style: str, width: int, height: int) -> list[Tile]:
    """The ``TILE_COUNT`` tiles of a sheet, in tile order."""
    tiles = [draw_face(style, card, width, height) for card in range(40)]
    extra = {TILE_BACK: draw_back, TILE_EMPTY: draw_empty, TILE_SELECT: draw_select}
    tiles.extend(extra[i](width, height) for i in range(40, TILE_FRAMED))
    tiles.extend(draw_framed(face, tiles[TILE_SELECT]) for face in tiles[:40])
    return tiles


def draw_framed(face: Tile, frame: Tile) -> Tile:
    """``face`` with ``frame`` laid over it, as a frame TileGrid over the card would draw."""
    tile = Tile(face.width, face.height)
    for y in range(face.height):
        for x in range(face.width):
            colour = frame.get(x, y)
            tile.set(x, y, face.get(x, y) if colour == TRANSPARENT else colour)
    return tile


def encode_bmp(tiles: list[Tile]) -> bytes:
    """The tiles side by side as a 4-bit indexed BMP (BITMAPINFOHEADER, bottom-up rows)."""
    width, height = tiles[0].width, tiles[0].height
    sheet_width = width * len(tiles)
    row_bytes = (sheet_width + 1) // 2
    row_bytes += -row_bytes % 4
    rows = []
    for y in range(height - 1, -1, -1):
        row = bytearray(row_bytes)
        for x in range(sheet_width):
            colour = tiles[x // width].get(x % width, y)
            row[x // 2] |= colour << 4 if x % 2 == 0 else colour
        rows.append(bytes(row))
    palette = b"".join(struct.pack("<BBBB", c & 0xFF, c >> 8 & 0xFF, c >> 16, 0) for c in PALETTE)
    data_start = 14 + 40 + len(palette)
    size = data_start + row_bytes * height
    header = struct.pack("<2sIHHI", b"BM", size, 0, 0, data_start)
    info = struct.pack("<IiiHHIIiiII", 40, sheet_width, height, 1, 4, 0, row_bytes * height,
                       2835, 2835, len(PALETTE), len(PALETTE))
    return header + info + palette + b"".join(rows)


def sheets() -> dict[str, bytes]:
    """Every sheet: file name -> BMP bytes."""
    out = {}
    for width, height in CARD_SIZES.values():
        for style in STYLES:
            out[sheet_name(style, width, height)] = encode_bmp(draw_tiles(style, width, height))
    return out


def write_preview(bmp_path: Path, png_path: Path, scale: int = 6) -> None:
    """Writes the sheet at ``bmp_path`` as a PNG: the actual size on top, enlarged below,
    ten tiles to a row, on grey."""
    from PIL import Image

    sheet = Image.open(bmp_path)
    sheet.putpalette(b"\x5a\x6e\x5a" + bytes(sheet.getpalette()[3:]))  # transparent: the table
    sheet = sheet.convert("RGB")
    tw = sheet.width // TILE_COUNT
    th = sheet.height
    grid = Image.new("RGB", (10 * (tw + 1), 5 * (th + 1)), (90, 110, 90))
    for i in range(TILE_COUNT):
        tile = sheet.crop((i * tw, 0, (i + 1) * tw, th))
        grid.paste(tile, ((i % 10) * (tw + 1), (i // 10) * (th + 1)))
    big = grid.resize((grid.width * scale, grid.height * scale), Image.NEAREST)
    out = Image.new("RGB", (big.width, grid.height + 4 + big.height), (90, 110, 90))
    out.paste(grid, (0, 0))
    out.paste(big, (0, grid.height + 4))
    out.save(png_path)


def main(argv=None) -> int:
    parser = CommandParser(prog="python -m sim.card_art",
                           description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets", help="default: assets/")
    parser.add_argument("--preview", type=Path, help="also write enlarged PNGs into this folder")
    args = parser.parse_args(argv)
    for folder in (args.out, args.preview):  # both before any sheet is written
        if folder is not None:
            parser.make_folder(folder)
    for name, data in sheets().items():
        path = args.out / name
        path.write_bytes(data)
        print("%s  %d bytes" % (path, len(data)))
        if args.preview:
            write_preview(path, args.preview / (path.stem + ".png"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
