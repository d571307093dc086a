"""The table scene: one seat's view of a hand in play, drawn with ``displayio``.

``TableScene`` builds every display object once: a felt background, 16 table cards (a card a
capture would take shows its framed face, card_tiles.TILE_FRAMED), the three other seats' card
backs, the viewer's 10 hand cards, the selection frame and text lines for the seats' card
counts, the score and scope of each team, the last play and whose turn it is: each a
``TextLine`` (text_line.py), a row of the font's glyph tiles as wide as its layouts.py line,
so new text changes tile indices only.
``show(view)`` then changes only tile indices, positions, ``hidden``, text and text colour::

    bitmap, palette = main_loop.load_sheet(profile, "italian")  # an OnDiskBitmap
    texts = i18n.texts("en")                             # lib/i18n.py: the words
    scene = TableScene(320, 240, "large", bitmap, palette, texts)
    display.root_group = scene.group
    view = TableView()
    fill_view(view, state, 0, texts)      # what seat 0 may see, from engine/observe.py
    scene.show(view)

A ``TableView`` is what the scene draws: the viewer's hand, the table by engine slot, hand
counts, scope and score per team, the seat to play, the last play text, the selected hand
card and the highlighted table slots (a capture choice). ``fill_view`` fills it from a State
through ``State.observe``, so another seat's cards can never reach the screen: they are
drawn only as a back and a count. Text comes from a ``texts`` dict with the keys of
``TEXT_KEYS`` (lib/i18n.py makes it, in English or Italian).

Allocation: ``TableScene.__init__`` makes every display object; ``show`` and the other
methods make none (they build a few short strings for the text lines). ``fill_view`` builds
the last play text and, on first use, the view's observation buffer.
"""

import displayio
import terminalio
from card_tiles import TILE_BACK, TILE_EMPTY, TILE_FRAMED, TILE_SELECT
from layouts import (
    HAND_SLOTS,
    LEFT_SEAT,
    RIGHT_SEAT,
    TABLE_SLOTS,
    TOP_SEAT,
    layout,
)
from text_line import TextLine

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


NO_CARD = const(255)  # an empty hand or table slot (engine/cards.py)
NOBODY = const(255)  # no seat to play (engine/observe.py)

_FELT = const(0x0B5A2C)
_TEXT_US = const(0xFFFFFF)  # the viewer's team
_TEXT_THEM = const(0xFFC850)  # the other team
_TEXT_TURN = const(0x40FFFF)  # the seat to play

# The keys of the texts the scene shows (lib/lang_en.py has them in English): the seats
# relative to the viewer, the teams (the viewer's first), a score, scope, a seat's card count,
# whose turn by seat, the last play's forms (a trail, a take, an ace taking itself, a scopa)
# and who dealt. Keys only: a dict of English defaults here would stay in a board's heap.
TEXT_KEYS = ("seats", "teams", "score", "scope", "count", "turns", "trail", "take", "self_take",
             "scopa", "dealer")

_TAKE_SHORT = "%s %s: %s"  # seat, card, cards taken: a take on a short line (any language)


class TableView:
    """One seat's view of the position: everything ``TableScene.show`` draws.

    ``seat`` the viewer; ``hand`` its cards (``hand_count`` of them, in card order);
    ``table`` the card in each of the 16 engine table slots (``NO_CARD`` if empty);
    ``counts`` cards in each seat's hand; ``scope`` and ``score`` per team (team = seat & 1);
    ``turn`` the seat to play or ``NOBODY``; ``last_play`` a line of text; ``selected`` the
    chosen hand index or -1; ``highlight`` a mask of table slots (bit ``1 << slot``);
    ``covered`` shows the hand as backs (pass-and-play, between players).
    """

    def __init__(self):
        self.seat = 0
        self.hand = bytearray(HAND_SLOTS)
        self.hand_count = 0
        self.table = bytearray(b"\xff" * TABLE_SLOTS)
        self.counts = bytearray(4)
        self.scope = bytearray(2)
        self.score = [0, 0]
        self.turn = NOBODY
        self.last_play = ""
        self.selected = -1
        self.highlight = 0
        self.covered = False
        self._obs = None  # observation buffer, made by fill_view on first use


def fill_from_observation(view: TableView, obs) -> None:
    """Fill ``view`` (all but ``last_play``, ``selected``, ``highlight``) from an observation
    (engine/observe.py): the viewer's own cards, the table and the public counts only."""
    from engine import observe

    view.seat = obs[observe.SEAT]
    count = 0
    for card in range(40):
        if obs[observe.CARD + card] == observe.MINE and count < HAND_SLOTS:
            view.hand[count] = card
            count += 1
    view.hand_count = count
    for i in range(count, HAND_SLOTS):
        view.hand[i] = NO_CARD
    for slot in range(TABLE_SLOTS):
        view.table[slot] = obs[observe.TABLE_SLOTS + slot]
    for seat in range(4):
        view.counts[seat] = obs[observe.HAND_COUNT + seat]
    for team in range(2):
        view.scope[team] = obs[observe.SCOPE + team]
        view.score[team] = obs[observe.SCORE + team]
    view.turn = obs[observe.TURN]


def fill_view(view: TableView, state, seat: int, texts: dict, card_name=None,
              width: int = 0) -> None:
    """Fill ``view`` with what ``seat`` may see of ``state`` and the last play as text.

    :param card_name: card int -> name for the last play (default ``"7d"``, RECORD.md).
    :param width: the characters of the last play's line, 0 for no limit.
    """
    from engine import observe

    if view._obs is None:
        view._obs = bytearray(observe.SIZE)
    state.observe(seat, view._obs)
    fill_from_observation(view, view._obs)
    ply = view._obs[observe.PLY]
    if ply:
        view.last_play = last_play_text(state, ply - 1, seat, texts, card_name, width)
    else:  # no play yet: who dealt, which a player's choices depend on (C-28, C-33, C-36)
        view.last_play = texts["dealer"] % texts["seats"][(view._obs[observe.DEALER] - seat) & 3]


def last_play_text(state, ply: int, viewer: int, texts: dict, card_name=None,
                   width: int = 0) -> str:
    """Play ``ply`` of the hand as a line: who (relative to ``viewer``), what card, what it
    took, and whether it was a scopa. Public information only (engine/plays.py play_info).

    A line longer than ``width`` (when given) drops the verb ("Left 7d: 3b 4s"), then the last
    cards taken, counted instead ("Left Kd: Ac 2c +2"); a scopa drops every card taken, as
    it took the whole table ("Scopa! Left: Kd"). An ace that took itself onto an empty table
    says so ("Left: Ad takes itself", RULES §7) where the line has room. No card is ever cut
    in half."""
    if card_name is None:
        from engine.cards import card_name
    seat, card, taken, scopa, self_take = state.play_info(ply)
    who = texts["seats"][(seat - viewer) & 3]
    card = card_name(card)
    line = texts["trail"] % (who, card)
    if self_take:
        said = texts["self_take"] % (who, card)
        if not width or len(said) <= width:
            line = said
    if taken:
        names = [card_name(c) for c in taken]
        line = texts["take"] % (who, card, " ".join(names))
        room = width - len(texts["scopa"] % "") if scopa else width
        if width and len(line) > room:
            line = _TAKE_SHORT % (who, card, " ".join(names))
            if scopa and len(line) > room:  # it took the whole table: the card says it
                line = texts["trail"] % (who, card)
            count = 0 if scopa else len(names)
            while len(line) > room and count > 0:
                count -= 1
                rest = names[:count] + ["+%d" % (len(names) - count)]
                line = _TAKE_SHORT % (who, card, " ".join(rest))
    if scopa:
        line = texts["scopa"] % line
    return line


class TableScene:
    """The table seen by one seat (see the module docstring).

    :param str layout_name: ``"large"``, ``"medium"`` or ``"compact"`` (layouts.py).
    :param sheet_bitmap: the card sheet for this screen (card_tiles.sheet_path).
    """

    def __init__(self, display_width: int, display_height: int, layout_name: str,
                 sheet_bitmap, sheet_palette, texts: dict, font=terminalio.FONT):
        geometry = layout(layout_name)
        if (geometry.width, geometry.height) != (display_width, display_height):
            raise ValueError("layout %r is for %dx%d, not %dx%d" % (
                layout_name, geometry.width, geometry.height, display_width, display_height))
        self.layout = geometry
        self.texts = texts
        self._font = font
        self.group = displayio.Group()
        card_w = geometry.card_width
        card_h = geometry.card_height

        def card_grid(tile):
            grid = displayio.TileGrid(sheet_bitmap, pixel_shader=sheet_palette, width=1,
                                      height=1, tile_width=card_w, tile_height=card_h,
                                      default_tile=tile)
            grid.hidden = True
            return grid

        # The felt: a 1-bit bitmap a sixteenth of the screen, drawn 16 times larger.
        felt_palette = displayio.Palette(1)
        felt_palette[0] = _FELT
        felt = displayio.Group(scale=16)
        felt.append(displayio.TileGrid(
            displayio.Bitmap(display_width // 16 + 1, display_height // 16 + 1, 1),
            pixel_shader=felt_palette))
        self.group.append(felt)
        # Back to front: table, seat backs, hand, selection frame, text.
        self.table_cards = [card_grid(TILE_EMPTY) for _ in range(TABLE_SLOTS)]
        self.backs = [None] + [card_grid(TILE_BACK) for _ in range(3)]  # by relative seat
        self.hand_cards = [card_grid(TILE_EMPTY) for _ in range(HAND_SLOTS)]
        self.select_frame = card_grid(TILE_SELECT)
        for grid in self.table_cards + self.backs[1:] + self.hand_cards:
            self.group.append(grid)
        self.group.append(self.select_frame)
        for rel in (RIGHT_SEAT, TOP_SEAT, LEFT_SEAT):
            self.backs[rel].x, self.backs[rel].y = geometry.backs[rel]
        # table display position -> engine slot and card, and the number shown
        self._table_slot = bytearray(TABLE_SLOTS)
        self._table_card = bytearray(TABLE_SLOTS)
        self._table_shown = 0
        self._hand_shown = 0
        self._selected = -1

        self.counts = [None] + [self._label(geometry.counts[rel], _TEXT_THEM)
                                for rel in (RIGHT_SEAT, TOP_SEAT, LEFT_SEAT)]
        self.scores = [self._label(geometry.score[row], _TEXT_US if row == 0 else _TEXT_THEM)
                       for row in range(2)]
        self.scopes = [self._label(geometry.scope[row], _TEXT_US if row == 0 else _TEXT_THEM)
                       for row in range(2)]
        self.last_play = self._label(geometry.last_play, _TEXT_US)
        self.turn = self._label(geometry.turn, _TEXT_TURN)

    def _label(self, line, color):
        # line: (x, y, chars, align) of layouts.py, as TextLine takes them
        x, y, chars, align = line
        label = TextLine(x, y, chars, align, color, font=self._font)
        self.group.append(label.layer)
        return label

    # -- drawing --------------------------------------------------------------------------

    def show(self, view: TableView) -> None:
        """Draw ``view``: hand, table, other seats, score, scope, turn and last play."""
        self._show_hand(view)
        self._show_table(view)
        self._show_seats(view)
        texts = self.texts
        us = view.seat & 1
        for row in range(2):
            team = us ^ row
            self.scores[row].text = texts["score"] % (texts["teams"][row], view.score[team])
            self.scopes[row].text = texts["scope"] % view.scope[team]
        self.set_last_play(view.last_play)
        self.set_turn(view.turn, view.seat)

    def _show_hand(self, view: TableView) -> None:
        geometry = self.layout
        count = view.hand_count
        for i in range(HAND_SLOTS):
            grid = self.hand_cards[i]
            if i < count:
                grid[0] = TILE_BACK if view.covered else view.hand[i]
                grid.x = geometry.hand_x(i, count)
                grid.y = geometry.hand_y
                grid.hidden = False
            else:
                grid[0] = TILE_EMPTY
                grid.hidden = True
        self._hand_shown = count
        self.select(-1 if view.covered else view.selected)

    def _show_table(self, view: TableView) -> None:
        count = 0
        for slot in range(TABLE_SLOTS):
            if view.table[slot] != NO_CARD:
                self._table_slot[count] = slot
                count += 1
        self._table_shown = count
        for i in range(TABLE_SLOTS):
            grid = self.table_cards[i]
            if i < count:
                self._table_card[i] = view.table[self._table_slot[i]]
                grid.hidden = False
            else:
                grid[0] = TILE_EMPTY
                grid.hidden = True
        self.highlight(view.highlight)

    def _show_seats(self, view: TableView) -> None:
        fmt = self.texts["count"]
        for rel in (RIGHT_SEAT, TOP_SEAT, LEFT_SEAT):
            seat = (view.seat + rel) & 3
            count = view.counts[seat]
            self.backs[rel].hidden = count == 0
            label = self.counts[rel]
            label.text = fmt % count
            label.color = _TEXT_TURN if seat == view.turn else (
                _TEXT_US if rel == TOP_SEAT else _TEXT_THEM)

    def select(self, index: int) -> None:
        """Lift hand card ``index`` and frame it; -1 for none."""
        geometry = self.layout
        old = self._selected
        if 0 <= old < self._hand_shown:
            self.hand_cards[old].y = geometry.hand_y
        if 0 <= index < self._hand_shown:
            grid = self.hand_cards[index]
            grid.y = geometry.hand_y - geometry.lift
            self.select_frame.x = grid.x
            self.select_frame.y = grid.y
            self.select_frame.hidden = False
            self._selected = index
        else:
            self.select_frame.hidden = True
            self._selected = -1

    def highlight(self, mask: int) -> None:
        """Lift and frame the table cards in the engine slots of ``mask`` (bit 1 << slot)."""
        geometry = self.layout
        count = self._table_shown
        for i in range(count):
            grid = self.table_cards[i]
            lit = (mask >> self._table_slot[i]) & 1
            grid[0] = self._table_card[i] + (TILE_FRAMED if lit else 0)
            grid.x = geometry.table_x(i, count)
            grid.y = geometry.table_y(i, count) - (geometry.table_lift if lit else 0)

    def set_last_play(self, text: str) -> None:
        """Show ``text`` on the last play line (cut to fit)."""
        self.last_play.text = text

    def set_turn(self, turn: int, viewer: int) -> None:
        """Say whose turn it is: ``turn`` a seat or ``NOBODY``, ``viewer`` the seat below."""
        texts = self.texts
        self.turn.text = "" if turn == NOBODY else texts["turns"][(turn - viewer) & 3]

    # -- touch ------------------------------------------------------------------------------

    def hand_index_at(self, x: int, y: int) -> int:
        """The hand index of the card under screen point (x, y), or -1 (the rightmost card
        wins where cards overlap, as it is drawn on top)."""
        geometry = self.layout
        for i in range(self._hand_shown - 1, -1, -1):
            grid = self.hand_cards[i]
            if grid.x <= x < grid.x + geometry.card_width and \
                    grid.y <= y < grid.y + geometry.card_height:
                return i
        return -1

    def table_slot_at(self, x: int, y: int) -> int:
        """The engine table slot of the card under screen point (x, y), or -1."""
        geometry = self.layout
        for i in range(self._table_shown - 1, -1, -1):
            grid = self.table_cards[i]
            if grid.x <= x < grid.x + geometry.card_width and \
                    grid.y <= y < grid.y + geometry.card_height:
                return self._table_slot[i]
        return -1
