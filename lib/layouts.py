"""Screen geometry of the table scene for each layout: where every card and text line goes.

The viewer sits at the bottom with the hand face up; the other seats are given relative to the
viewer (play is counter-clockwise, RULES §2.2): ``RIGHT_SEAT`` plays next, the partner sits at
``TOP_SEAT`` and ``LEFT_SEAT`` plays last. The table lies in one or two rows in the middle, the
score (left) and the scope of each team (right, C-14: scope are public) share the top band with
the partner, and the last play and whose turn it is sit above the hand.

Layouts are named by size as in ``boards.py``: ``"large"`` 320x240, ``"medium"`` 240x135,
``"compact"`` 160x128; each one's numbers are in a module of its own (lib/layout_large.py and
so on), which ``layout()`` reads and drops. The card size is ``card_tiles.CARD_SIZES`` for
that screen. Text is measured in character cells of ``GLYPH_WIDTH`` x ``GLYPH_HEIGHT`` pixels
(``terminalio.FONT``).
A text line is ``(x, y, chars, align)``: ``y`` is its top, ``chars`` how many characters it
holds, and ``x`` its left edge, centre or right edge for ``LEFT``, ``CENTER`` or ``RIGHT``.

Allocation: ``layout()`` builds one ``Layout`` and a few tuples; call it once per scene. The
position methods (``hand_x``, ``table_x``, ``table_y``) do integer arithmetic only.
"""

from card_tiles import CARD_SIZES

from engine.unload import forget

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


GLYPH_WIDTH = const(6)  # terminalio.FONT cell
GLYPH_HEIGHT = const(12)

LEFT = const(0)  # text alignment
CENTER = const(1)
RIGHT = const(2)

# Seats relative to the viewer: (seat - viewer) & 3.
_VIEWER = const(0)
RIGHT_SEAT = const(1)
TOP_SEAT = const(2)
LEFT_SEAT = const(3)

HAND_SLOTS = const(10)
TABLE_SLOTS = const(16)


class Layout:
    """The geometry of one layout; every position is in screen pixels (see module docstring).

    Attributes: ``name``, ``width``, ``height``, ``card_width``, ``card_height``;
    ``hand_y``, ``hand_step`` (x distance between hand cards), ``lift`` (how far the selected
    hand card rises), ``table_lift`` (how far a highlighted table card rises);
    ``table_area`` ``(x, y, width, height)``, ``table_step``, ``row_gap``; ``backs[rel]``
    ``(x, y)`` of each other seat's card back and ``counts[rel]`` its count line (``None``
    at ``_VIEWER``); ``score[team_row]``, ``scope[team_row]`` (row 0 the viewer's team),
    ``last_play`` and ``turn`` text lines.
    """

    def __init__(self, name, width, height, hand, table, backs, counts, score, scope,
                 last_play, turn):
        self.name = name
        self.width = width
        self.height = height
        self.card_width, self.card_height = CARD_SIZES[(width, height)]
        self.hand_y, self.hand_step, self.lift, self.table_lift = hand
        table_x, table_y, table_width, table_height, self.table_step, self.row_gap = table
        self.table_area = (table_x, table_y, table_width, table_height)
        self.backs = backs
        self.counts = counts
        self.score = score
        self.scope = scope
        self.last_play = last_play
        self.turn = turn

    # -- the hand: one row, centred ----------------------------------------------------------

    def hand_x(self, index: int, count: int) -> int:
        """Left x of hand card ``index`` of ``count``, the row centred on the screen."""
        span = (count - 1) * self.hand_step + self.card_width
        return (self.width - span) // 2 + index * self.hand_step

    # -- the table: one row while it fits at full step, else two ----------------------------

    def table_rows(self, count: int) -> int:
        """How many rows ``count`` table cards take (1 or 2)."""
        width = self.table_area[2]
        if (count - 1) * self.table_step + self.card_width <= width:
            return 1
        return 2

    def _row(self, index: int, count: int):
        # -> (row, index in row, cards in row); the first row holds the odd card.
        if self.table_rows(count) == 1:
            return 0, index, count
        first = (count + 1) // 2
        if index < first:
            return 0, index, first
        return 1, index - first, count - first

    def table_x(self, index: int, count: int) -> int:
        """Left x of table card ``index`` (in display order) of ``count``."""
        _, column, in_row = self._row(index, count)
        area_x, _, area_width, _ = self.table_area
        step = self.table_step
        if in_row > 1 and (in_row - 1) * step + self.card_width > area_width:
            step = (area_width - self.card_width) // (in_row - 1)  # overlap to fit
        span = (in_row - 1) * step + self.card_width
        return area_x + (area_width - span) // 2 + column * step

    def table_y(self, index: int, count: int) -> int:
        """Top y of table card ``index`` (in display order) of ``count``."""
        row, _, _ = self._row(index, count)
        _, area_y, _, area_height = self.table_area
        rows = self.table_rows(count)
        span = rows * self.card_height + (rows - 1) * self.row_gap
        return area_y + (area_height - span) // 2 + row * (self.card_height + self.row_gap)


def text_box(line) -> tuple:
    """``(x, y, width, height)`` of a text line ``(x, y, chars, align)`` at full length."""
    x, y, chars, align = line
    width = chars * GLYPH_WIDTH
    if align == CENTER:
        x -= width // 2
    elif align == RIGHT:
        x -= width
    return (x, y, width, GLYPH_HEIGHT)


NAMES = ("large", "medium", "compact")


# Each lib/layout_<name>.py holds ``GEOMETRY``, the ``Layout`` fields after the name: screen
# width and height; hand (y, step, lift, table lift); table (x, y, width, height, step, row
# gap); backs and counts by relative seat (None for the viewer); score and scope rows (the
# viewer's team first); last play; turn. Worked out on screenshots (tests/test_table_scene.py).


def layout(name: str) -> Layout:
    """The ``Layout`` called ``name``; raises ValueError naming the known layouts. Its numbers
    come from lib/layout_<name>.py, dropped again once read: a board holds its screen's only."""
    if name not in NAMES:
        raise ValueError("unknown layout %r; known layouts: %s" % (name, ", ".join(NAMES)))
    module = "layout_" + name
    geometry = __import__(module).GEOMETRY
    forget(module)
    return Layout(name, *geometry)
