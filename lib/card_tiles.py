"""Card sprite sheets: tile indices, card sizes per layout and sheet file names.

The sheets in ``assets/`` are made by ``python -m sim.card_art``. Each is one row of
``TILE_COUNT`` tiles, an indexed BMP (4 bits per pixel, one shared palette), opened as an
``OnDiskBitmap`` for a ``displayio.TileGrid`` whose tile index is the engine's card number::

    bitmap = displayio.OnDiskBitmap(sheet_path("italian", 320, 240))  # pixels stay on disk
    palette = bitmap.pixel_shader
    palette.make_transparent(TRANSPARENT)
    w, h = CARD_SIZES[(320, 240)]
    card = displayio.TileGrid(bitmap, pixel_shader=palette, width=1, height=1,
                              tile_width=w, tile_height=h, default_tile=TILE_BACK)
    card[0] = 26  # the 7 of bastoni (suit 2 * 10 + rank 6)

Tiles 0..39 are the faces (``suit * 10 + rank``, as engine/cards.py). ``TILE_SELECT`` and
``TILE_EMPTY`` are outlines with a transparent inside: lay the selection frame over a card,
the empty slot where a card may go. Tiles ``TILE_FRAMED + card`` are the faces with the
selection frame drawn on them: a table card a capture would take changes its tile, so the
table needs no frame objects of its own (16 TileGrids, 1.5 KB of a board's heap).

Allocation: the constants are made once at import; the helpers build a string.
"""

TILE_BACK = 40  # the back of a card (the other players' hands, the deck)
TILE_EMPTY = 41  # an empty place, a dashed outline
TILE_SELECT = 42  # the selection frame, to lay over a face
TILE_FRAMED = 43  # TILE_FRAMED + card: the face with the selection frame on it
TILE_COUNT = 83  # tiles in a sheet, left to right in one row

TRANSPARENT = 0  # palette index outside the card's rounded corners and inside the outlines

STYLES = ("italian", "french")  # F C R and coins, cups, batons, swords; or J Q K and French suits

# Card size (width, height) in pixels for each display (width, height). Ten cards side by side
# fit the width: 10 * 23 = 230 of 320, 10 * 19 = 190 of 240, and on 160 pixels ten 15-pixel
# cards overlap by one (a step of 14 takes 141).
CARD_SIZES = {
    (320, 240): (23, 31),  # PyPortal
    (240, 135): (19, 27),  # Pico + Pimoroni Display Pack
    (160, 128): (15, 21),  # PyBadge / PyGamer
}


def sheet_name(style: str, width: int, height: int) -> str:
    """File name of the sheet of ``style`` with cards ``width`` x ``height``."""
    return "cards_%s_%dx%d.bmp" % (style, width, height)


def sheet_path(style: str, display_width: int, display_height: int) -> str:
    """Path on the board's drive of the sheet of ``style`` for a display of that size."""
    width, height = CARD_SIZES[(display_width, display_height)]
    return "/assets/" + sheet_name(style, width, height)
