"""The text screen: a title, rows of text and a footer, drawn with ``displayio``.

Every screen that is not the table uses it: the title menu, the options, the players, the
pause menu, the pass-and-play cover, the end of a hand, the end of the match and the
statistics. ``TextScene`` builds its display objects once: a background, a title line, one
line per row and a footer line, each a ``TextLine`` (text_line.py) of a fixed number of
characters drawn as font tiles. Showing a screen changes only tile indices, text colours and
the cursor row's background::

    scene = TextScene(320, 240, "large")
    scene.set_title("Scopone")
    scene.set_row(0, "Play with bots")
    scene.set_row(1, "Target", "11")      # a value, right-aligned
    scene.set_cursor(0)                    # the row drawn on a highlight bar
    scene.clear_rows(2)
    scene.set_footer("Select: choose")

Rows hold ``chars`` characters each; ``columns(...)`` lays out a table row (the end of hand).
``row_at(x, y)`` maps a touch to a row.

Allocation: ``__init__`` makes every display object; the setters make only the strings.
"""

import displayio
import terminalio
from layouts import CENTER
from text_line import TextLine

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


BACKGROUND = const(0x0B3A1E)
_TEXT = const(0xFFFFFF)
_TITLE = const(0xFFC850)
_FOOTER = const(0x40FFFF)
_CURSOR = const(0x2E7D4F)
DIM = const(0x9FB8A8)

# layout -> title scale, title y, first row y, row pitch, rows, footer y (pixels);
# text is terminalio.FONT, 6x12 per character (layouts.py GLYPH_WIDTH, GLYPH_HEIGHT).
_GEOMETRY = {
    "large": (2, 4, 36, 14, 13, 225),
    "medium": (1, 1, 15, 11, 9, 122),
    "compact": (1, 0, 12, 11, 9, 116),
}

_SPACES = " " * 64


def _pad(text: str, chars: int) -> str:
    pad = chars - len(text)
    if pad < 0:
        return text[:chars]
    return text + _SPACES[:pad] if pad else text


class TextScene:
    """A titled list of text rows with a cursor (see the module docstring).

    Attributes: ``group`` (append it to the display's root), ``rows`` (how many rows),
    ``chars`` (characters per row), ``cursor`` (the highlighted row or -1).
    """

    def __init__(self, width: int, height: int, layout_name: str, font=terminalio.FONT):
        if layout_name not in _GEOMETRY:
            raise ValueError("unknown layout %r" % (layout_name,))
        scale, title_y, row_y, pitch, rows, footer_y = _GEOMETRY[layout_name]
        self.width = width
        self.height = height
        self.rows = rows
        self.chars = (width - 4) // 6
        self._row_y = row_y
        self._pitch = pitch
        self._font = font
        self.group = displayio.Group()
        palette = displayio.Palette(1)
        palette[0] = BACKGROUND
        background = displayio.Group(scale=16)
        background.append(displayio.TileGrid(
            displayio.Bitmap(width // 16 + 1, height // 16 + 1, 1), pixel_shader=palette))
        self.group.append(background)
        self._title_chars = (width - 4) // (6 * scale)
        # The title centred on the screen; rows and the footer from x = 2 (text is padded to
        # the line's width, so each line's box is fixed).
        self.title = TextLine(width // 2, title_y, self._title_chars, CENTER, _TITLE, font=font,
                              scale=scale)
        self.group.append(self.title.layer)
        self.lines = []
        for row in range(rows):
            line = TextLine(2, row_y + row * pitch, self.chars, color=_TEXT, font=font)
            self.lines.append(line)
            self.group.append(line.layer)
        self.footer = TextLine(2, footer_y, self.chars, color=_FOOTER, font=font)
        self.covered = None  # a footer a menu's "Sure?" covered for now (lib/text_screens.py)
        self.group.append(self.footer.layer)
        self.cursor = -1

    @staticmethod
    def _set(line, text: str, color: int) -> None:
        # TextLine pads (left-aligned rows) and writes only what changed.
        line.text = text
        line.color = color

    def set_title(self, text: str) -> None:
        """The title line, centred."""
        self._set(self.title, text, _TITLE)

    def set_row(self, row: int, left: str, right: str = "", color: int = _TEXT) -> None:
        """Row ``row``: ``left`` text and ``right`` text right-aligned (cut to fit)."""
        chars = self.chars
        if right:
            room = chars - len(right) - 1
            if room < 0:
                text = right[:chars]
            else:
                text = _pad(left[:room], room) + " " + right
        else:
            text = left
        self._set(self.lines[row], text, color)

    def set_centered(self, row: int, text: str, color: int = _TEXT) -> None:
        """Row ``row``: ``text`` centred."""
        pad = self.chars - len(text)
        if pad > 0:
            text = _SPACES[:pad // 2] + text
        self._set(self.lines[row], text, color)

    def columns(self, row: int, cells, widths, color: int = _TEXT) -> None:
        """Row ``row`` as a table row: ``cells[0]`` left-aligned in the room the right-aligned
        columns of ``widths`` (one per further cell) leave."""
        right = ""
        for i in range(1, len(cells)):
            cell = cells[i]
            pad = widths[i - 1] - len(cell)
            right += (_SPACES[:pad] + cell) if pad > 0 else cell
        room = self.chars - len(right)
        self._set(self.lines[row], _pad(cells[0][:room], room) + right, color)

    def clear_rows(self, start: int = 0) -> None:
        """Blank the rows from ``start`` on."""
        for row in range(start, self.rows):
            self._set(self.lines[row], "", _TEXT)

    def set_footer(self, text: str) -> None:
        """The help or message line at the bottom."""
        self._set(self.footer, text, _FOOTER)

    def set_cursor(self, row: int) -> None:
        """Draw row ``row`` on the highlight bar; -1 for none."""
        old = self.cursor
        if old == row:
            return
        if 0 <= old < self.rows:
            self.lines[old].background_color = None
        if 0 <= row < self.rows:
            self.lines[row].background_color = _CURSOR
            self.cursor = row
        else:
            self.cursor = -1

    def row_at(self, x: int, y: int) -> int:
        """The row under screen point (x, y), or -1."""
        if not 0 <= x < self.width:
            return -1
        offset = y - self._row_y
        if offset < 0:
            return -1
        row = offset // self._pitch
        return row if row < self.rows else -1

    def text(self) -> list:
        """Every line on screen, title first, footer last (for tests and logs)."""
        return [self.title.text] + [label.text for label in self.lines] + [self.footer.text]
