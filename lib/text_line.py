"""Fixed-width text drawn as a ``displayio.TileGrid`` over the font's glyphs, one tile a
character, the way CircuitPython's own terminal draws its console.

``TextLine(x, y, chars, align, color)`` holds one TileGrid ``chars`` tiles wide (``rows``
tall for a block of lines) and a two-colour Palette: index 0 the background (transparent
unless ``background_color`` is set), index 1 the text. ``layer`` is what to put in a Group:
the TileGrid itself, or for ``scale`` > 1 a Group holding it (a TileGrid has no scale). A
TextLine is not a Group of its own: on a board that would cost a Group and its member list,
about 100 bytes a line. Setting ``text`` pads or cuts it to ``chars`` characters with the
alignment (``LEFT``, ``CENTER``, ``RIGHT`` of layouts.py) and writes only the tiles that
change; ``text`` reads back the padded text::

    line = TextLine(160, 40, 20, CENTER, 0xFFFFFF)   # x: the centre of a 120-pixel box
    group.append(line.layer)
    line.text = "Your turn"                           # "     Your turn      "
    line.color = 0x40FFFF
    line.background_color = 0x2E7D4F                  # None: transparent

``x`` is the box's left edge, centre or right edge as ``align`` says (as in a layouts.py text
line), ``y`` its top; the box is ``chars`` cells of ``GLYPH_WIDTH`` x ``GLYPH_HEIGHT`` pixels
times ``scale``, fixed for the line's life. A ``bitmap_label.Label`` keeps a bitmap the size of
its text (2 bits a pixel: about 1 KB for a 52-character row); a TextLine keeps one byte a
character in its TileGrid and a 2-colour Palette, and the glyphs stay in the font's bitmap.

The glyph sheet (``glyph_sheet``), made once per font:

* CircuitPython: ``terminalio.FONT`` is a ``fontio.BuiltinFont`` whose ``bitmap`` holds every
  glyph as one tile of ``get_bounding_box()`` size, in flash; ``get_glyph(c).bitmap`` is that
  same bitmap and ``tile_index`` the tile (``c - 32`` for ASCII,
  shared-module/fontio/BuiltinFont.c). The TileGrid uses it as it is.
* Blinka (the desktop simulator): ``FONT`` is a BDF font loaded by adafruit_bitmap_font;
  ``bitmap`` is the Bitmap *class*, each glyph has a Bitmap of its own and ``tile_index`` 0. So
  the 95 ASCII glyphs are copied once (sim/font_sheet.py, desktop only) into a Bitmap of 95
  tiles in a row, each placed in its cell by its offsets, the lowest ``dy`` of them taken as
  the baseline.

``wrap(text, chars)`` cuts a text into lines that fit (the hint's reason, a start-up
message).

Characters map to tiles through a 95-byte table for ASCII 32..126, built with the sheet; any
other character is drawn as ``?``.

Allocation: the constructor makes a TileGrid and a Palette, and a Group for a scale above 1
(the first one on the desktop also the glyph sheet); ``text``, ``color`` and
``background_color`` make no display object. Setting ``text`` keeps the string given (reading
it builds the padded text, with any character outside ASCII as given).
"""

import displayio
import terminalio
from layouts import CENTER, LEFT, RIGHT

FIRST_CODE = 32  # the table covers ASCII 32..126
CODE_COUNT = 95
UNKNOWN_CODE = 63  # "?"

_sheet_font = None
_sheet = None  # (bitmap, tile_width, tile_height, table) of _sheet_font


def glyph_sheet(font):
    """``(bitmap, tile_width, tile_height, table)`` for ``font``: the bitmap of its glyph
    tiles and ``table[code - 32]`` the tile of each ASCII character (see module docstring).
    Made on first use and kept for the last font asked."""
    # (``font`` has no default: CircuitPython's stubs declare no attributes on ``Glyph``, a
    # named tuple on the board, so the type check must not take it for a BuiltinFont.)
    global _sheet_font, _sheet
    if font is _sheet_font:
        return _sheet
    box = font.get_bounding_box()
    tile_width, tile_height = box[0], box[1]
    bitmap = font.bitmap
    table = bytearray(CODE_COUNT)
    probe = font.get_glyph(UNKNOWN_CODE)
    if probe is not None and probe.bitmap is bitmap:
        # CircuitPython: every glyph is a tile of the font's own bitmap.
        unknown = probe.tile_index
        for i in range(CODE_COUNT):
            glyph = font.get_glyph(FIRST_CODE + i)
            table[i] = unknown if glyph is None else glyph.tile_index
    else:
        from sim.font_sheet import build_sheet  # desktop only: not deployed to a board

        bitmap = build_sheet(font, tile_width, tile_height, box)
        for i in range(CODE_COUNT):
            table[i] = i
    _sheet_font = font
    _sheet = (bitmap, tile_width, tile_height, table)
    return _sheet


class TextLine:
    """``chars`` characters of text (``rows`` lines of them) at a fixed place, shown by adding
    ``layer`` to a Group; see the module docstring.

    :param int x: left edge, centre or right edge of the box, as ``align`` says.
    :param int y: top of the box.
    :param int align: ``LEFT``, ``CENTER`` or ``RIGHT`` (layouts.py), for every row.
    :param int color: the text colour (0xRRGGBB).
    :param background_color: the box's colour, or None for transparent.
    :param int scale: each glyph pixel drawn ``scale`` x ``scale``.
    :param int rows: lines of text; ``text`` separates them with ``"\\n"``.
    """

    _group = None  # the Group of a scaled line

    def __init__(self, x: int, y: int, chars: int, align: int = LEFT, color: int = 0xFFFFFF,
                 background_color=None, font=terminalio.FONT, scale: int = 1, rows: int = 1):
        bitmap, tile_width, tile_height, table = glyph_sheet(font)
        width = chars * tile_width * scale
        if align == CENTER:
            x -= width // 2
        elif align == RIGHT:
            x -= width
        # Six attributes: on a board an instance's dict fills its slots before it grows, 8
        # bytes a slot, and takes 6 for these where the 9 this held before took 10 (about
        # 0.8 KB for the 24 lines). The width, the background and the layer are read back
        # from the TileGrid and the Palette.
        self.align = align
        self._table = table
        self._text = ""
        self._color = color
        palette = displayio.Palette(2)
        palette[1] = color
        self._palette = palette
        grid = displayio.TileGrid(bitmap, pixel_shader=palette, width=chars, height=rows,
                                  tile_width=tile_width, tile_height=tile_height,
                                  default_tile=table[0])
        self.grid = grid
        if scale == 1:
            grid.x = x
            grid.y = y
        else:
            self._group = displayio.Group(x=x, y=y, scale=scale)
            self._group.append(grid)
        self._set_background(background_color)

    @property
    def layer(self):
        """What to put in a Group: the TileGrid, or the Group holding a scaled one."""
        return self.grid if self._group is None else self._group

    @property
    def chars(self) -> int:
        """Characters a row."""
        return self.grid.width

    @property
    def rows(self) -> int:
        """Lines of text."""
        return self.grid.height

    # -- text -------------------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The text as drawn: each row padded or cut to ``chars`` with the alignment, rows
        joined by ``"\\n"`` (builds a new string)."""
        text = self._text
        out = []
        start = 0
        for _ in range(self.rows):
            end = text.find("\n", start)
            if end < 0:
                end = len(text)
            line = text[start:end][:self.chars] if start <= len(text) else ""
            pad = self.chars - len(line)
            left = pad // 2 if self.align == CENTER else (pad if self.align == RIGHT else 0)
            out.append(" " * left + line + " " * (pad - left))
            start = end + 1
        return "\n".join(out)

    @text.setter
    def text(self, text: str) -> None:
        if text == self._text:
            return
        self._text = text
        start = 0
        length = len(text)
        for row in range(self.rows):
            end = text.find("\n", start) if start <= length else -1
            if end < 0:
                end = length if start <= length else start
            self._draw_row(row, text, start, end)
            start = end + 1

    def _draw_row(self, row: int, text: str, start: int, end: int) -> None:
        # Characters start..end of text into row, aligned; only changed tiles are written.
        chars = self.chars
        grid = self.grid
        table = self._table
        count = end - start
        if count > chars:
            count = chars
        pad = chars - count
        offset = pad // 2 if self.align == CENTER else (pad if self.align == RIGHT else 0)
        space = table[0]
        first = row * chars  # a tile by its int index: (column, row) would make a tuple
        for column in range(chars):
            index = column - offset
            if 0 <= index < count:
                code = ord(text[start + index]) - FIRST_CODE
                tile = table[code] if 0 <= code < CODE_COUNT else table[UNKNOWN_CODE - FIRST_CODE]
            else:
                tile = space
            if grid[first + column] != tile:
                grid[first + column] = tile

    # -- colours ----------------------------------------------------------------------------

    @property
    def color(self) -> int:
        """The text colour (0xRRGGBB)."""
        return self._color

    @color.setter
    def color(self, color: int) -> None:
        if color != self._color:  # a Palette written marks the screen for a redraw
            self._color = color
            self._palette[1] = color

    @property
    def background_color(self):
        """The box's colour (0xRRGGBB), or None for transparent."""
        palette = self._palette
        return None if palette.is_transparent(0) else palette[0]

    @background_color.setter
    def background_color(self, color) -> None:
        if color != self.background_color:
            self._set_background(color)

    def _set_background(self, color) -> None:
        palette = self._palette
        if color is None:
            palette.make_transparent(0)
        else:
            palette[0] = color
            palette.make_opaque(0)


def wrap(text: str, chars: int) -> list:
    """``text`` cut into lines of at most ``chars`` characters, at spaces where possible."""
    lines = []
    line = ""
    for word in text.split():
        while len(word) > chars:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:chars])
            word = word[chars:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= chars:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
