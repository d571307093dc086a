"""The glyph sheet of a font whose glyphs are separate bitmaps (Blinka's BDF fonts, on the
desktop), for lib/text_line.py: its ASCII glyphs copied once into one Bitmap of tiles, the
way CircuitPython's ``terminalio.FONT`` holds them in flash. A board never needs it, so it
lives here (``make deploy`` copies no sim/ file) and not in lib/, where its code would take
about 0.5 KB of every board's heap.
"""

import displayio
from text_line import CODE_COUNT, FIRST_CODE, UNKNOWN_CODE


def build_sheet(font, tile_width, tile_height, box):
    """A Bitmap with the ASCII glyphs of ``font`` in a row of cells (a font whose glyphs are
    separate bitmaps, as Blinka's); a missing glyph is drawn as ``?``."""
    sheet = displayio.Bitmap(tile_width * CODE_COUNT, tile_height, 2)
    glyphs = [font.get_glyph(FIRST_CODE + i) for i in range(CODE_COUNT)]
    if len(box) > 3:
        left, bottom = box[2], box[3]
    else:  # the cell starts at x 0 and its bottom is the deepest glyph's
        left = 0
        bottom = min(glyph.dy for glyph in glyphs if glyph is not None)
    unknown = glyphs[UNKNOWN_CODE - FIRST_CODE]
    for i in range(CODE_COUNT):
        glyph = glyphs[i] or unknown
        if glyph is None:
            continue
        source = glyph.bitmap
        x0 = i * tile_width + glyph.dx - left
        y0 = tile_height + bottom - glyph.height - glyph.dy
        for y in range(glyph.height):
            if 0 <= y0 + y < tile_height:
                for x in range(glyph.width):
                    if 0 <= glyph.dx - left + x < tile_width and source[x, y]:
                        sheet[x0 + x, y0 + y] = 1
    return sheet
