"""Tests for the table scene (lib/table_scene.py) and its geometry (lib/layouts.py), headless.

For every board profile: the scene built from a real dealt ``chitarrella`` State, a
screenshot, a whole hand of random legal moves with the scene updated after every play while
no display object is created and no face of another seat's card is ever on a TileGrid; and
the layouts keep every element on screen without overlaps.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import boards  # (lib/boards.py)
import card_tiles
import displayio
import i18n
import layouts
import pygame
import pytest
import terminalio
import text_line
from table_scene import NO_CARD, TableScene, TableView, fill_view

from conftest import cards
from engine.layout import PLAY
from engine.moves import MAX_MOVES, SELF_TAKE
from engine.rules import Rules
from engine.state import State
from sim import display as sim_display
from sim import simulator

EN = i18n.texts("en")  # the words the scene shows, in English

BOARDS = sorted(boards.NAMES)


def load_sheet(board):
    return simulator.load_sheet(board)


def dealt_state(preset="chitarrella", seed=3) -> State:
    state = State(Rules(preset), seed=seed)
    while state.phase != PLAY:
        state.deal()  # a redeal (C-9) leaves the phase at DEAL
    return state


def sheet_grids(group, sheet):
    """Every TileGrid drawn from the card sheet under ``group`` (hidden ones too)."""
    for item in group:
        if isinstance(item, displayio.Group):
            yield from sheet_grids(item, sheet)
        elif isinstance(item, displayio.TileGrid) and item.bitmap is sheet:
            yield item


def face(tile: int) -> int:
    """The card a sheet tile shows, framed or not, or -1 (a back or an outline)."""
    if tile < 40:
        return tile
    return tile - card_tiles.TILE_FRAMED if tile >= card_tiles.TILE_FRAMED else -1


def faces_on_screen(scene, sheet) -> set[int]:
    """The card faces on any card TileGrid of the scene (hidden or not)."""
    return {face(grid[0]) for grid in sheet_grids(scene.group, sheet)} - {-1}


def assert_private(scene, sheet, state, viewer):
    """No face on the scene's TileGrids belongs to another seat's hand."""
    public = set(state.hand_cards(viewer)) | set(state.table_cards())
    faces = faces_on_screen(scene, sheet)
    assert faces <= public, "cards of other hands on screen: %s" % (faces - public)
    for seat in range(4):
        if seat != viewer:
            assert not faces & set(state.hand_cards(seat))


@pytest.fixture(params=BOARDS)
def board_display(request):
    shown = sim_display.open_display(request.param, headless=True)
    yield shown
    shown.close()


def save_shot(display, tmp_path, name):
    """Screenshot at board size and 3x to tmp_path, with copies in /tmp for a look."""
    path = display.screenshot(tmp_path / (name + ".png"))
    big = display.screenshot(tmp_path / (name + "_x3.png"), scale=3)
    for source in (path, big):
        try:
            shutil.copy(source, Path("/tmp") / source.name)
        except OSError:
            pass
    return path


# --- the scene on every board ---------------------------------------------------------------


def test_dealt_hand_screenshot_and_whole_hand_without_new_objects(board_display, tmp_path,
                                                                  construction_counter):
    board = board_display.board
    sheet, palette = load_sheet(board)
    state = dealt_state()
    viewer = 0
    scene = TableScene(board.width, board.height, board.layout, sheet, palette, EN)
    view = TableView()
    fill_view(view, state, viewer, EN)
    scene.show(view)
    board_display.root_group = scene.group
    board_display.refresh()
    path = save_shot(board_display, tmp_path, "scene_" + board.name)
    image = pygame.image.load(str(path))
    assert image.get_size() == (board.width, board.height)
    assert faces_on_screen(scene, sheet) == set(state.hand_cards(viewer)) | set(
        state.table_cards())
    assert_private(scene, sheet, state, viewer)

    built = dict(construction_counter)
    # the scene's own objects: 9 text lines, each a TileGrid of font tiles and a Palette; the
    # cards (hand, table, backs, selection frame: a framed table card is a tile of the sheet)
    # and the felt, a Group of a TileGrid, its Palette (and the card sheet's Palette, loaded
    # above)
    font = text_line.glyph_sheet(terminalio.FONT)[0]
    lines = [item for item in scene.group
             if isinstance(item, displayio.TileGrid) and item.bitmap is font]
    assert len(lines) == 9
    assert built["TileGrid"] == 10 + 16 + 3 + 1 + 1 + 9
    assert built["Group"] == 2 and built["Palette"] == 2 + 9 and built["Label"] == 0
    rng = random.Random(11)
    moves = [0] * MAX_MOVES
    plies = 0
    while state.phase == PLAY:
        count = state.legal_moves(moves)
        state.apply(moves[rng.randrange(count)])
        plies += 1
        fill_view(view, state, viewer, EN)
        view.selected = rng.randrange(view.hand_count) if view.hand_count else -1
        view.highlight = rng.getrandbits(16)
        scene.show(view)
        if plies % 6 == 0:
            board_display.refresh()
        if plies == 18:
            save_shot(board_display, tmp_path, "scene_%s_mid" % board.name)
        assert_private(scene, sheet, state, viewer)
        shown = [grid for grid in scene.hand_cards if not grid.hidden]
        assert [grid[0] for grid in shown] == sorted(state.hand_cards(viewer))
        table = [face(grid[0]) for grid in scene.table_cards if not grid.hidden]
        assert sorted(table) == sorted(state.table_cards())
        assert scene.last_play.text.strip()
    board_display.refresh()
    save_shot(board_display, tmp_path, "scene_%s_end" % board.name)
    assert plies == 36
    assert construction_counter == built, "display objects created after the scene was built"



def crowded_state(seed=5):
    """The viewer (seat 0) with 10 cards, 13 on the table after the left seat (3) took two
    cards with its play; seats 1 to 3 hold 5 cards each before that play."""
    deck = list(range(40))
    random.Random(seed).shuffle(deck)
    hands = [deck[0:10], deck[10:15], deck[15:20], deck[20:25]]
    state = State(Rules("dieci"))
    state.set_position(hands, deck[25:40], turn=3)
    moves = [0] * MAX_MOVES
    count = state.legal_moves(moves)
    takes = [m for m in moves[:count] if len(state.taken_cards(m)) == 2]
    assert takes, "pick another seed: the left seat has no capture of two cards"
    state.apply(takes[0])
    return state


def test_crowded_table_ten_cards_selection_and_capture_choice(board_display, tmp_path):
    board = board_display.board
    sheet, palette = load_sheet(board)
    state = crowded_state()
    scene = TableScene(board.width, board.height, board.layout, sheet, palette, EN)
    view = TableView()
    fill_view(view, state, 0, EN)
    assert view.hand_count == 10 and len(state.table_cards()) == 13
    slots = [slot for slot in range(16) if view.table[slot] != NO_CARD]
    view.selected = 9
    view.highlight = (1 << slots[1]) | (1 << slots[4])
    scene.show(view)
    board_display.root_group = scene.group
    board_display.refresh()
    save_shot(board_display, tmp_path, "scene_%s_crowded" % board.name)
    assert_private(scene, sheet, state, 0)
    assert not scene.select_frame.hidden
    assert scene.select_frame.x == scene.hand_cards[9].x
    assert [grid[0] >= card_tiles.TILE_FRAMED for grid in scene.table_cards[:13]].count(True) == 2
    assert "takes" in scene.last_play.text
    for grid in list(sheet_grids(scene.group, sheet)):
        if not grid.hidden:
            width, height = card_tiles.CARD_SIZES[(board.width, board.height)]
            assert 0 <= grid.x and grid.x + width <= board.width
            assert 0 <= grid.y and grid.y + height <= board.height
    # touch: the middle of each card finds it
    geometry = scene.layout
    for index, grid in enumerate(scene.hand_cards[:10]):
        middle = (grid.x + geometry.card_width // 2, grid.y + geometry.card_height // 2)
        assert scene.hand_index_at(*middle) == index
    for index, grid in enumerate(scene.table_cards[:13]):
        middle = (grid.x + 3, grid.y + geometry.card_height // 2)
        assert scene.table_slot_at(*middle) == slots[index]
    assert scene.hand_index_at(0, 0) == -1 and scene.table_slot_at(0, 0) == -1


def test_covered_hand_shows_backs_only(board_display):
    board = board_display.board
    sheet, palette = load_sheet(board)
    state = dealt_state(seed=8)
    scene = TableScene(board.width, board.height, board.layout, sheet, palette, EN)
    view = TableView()
    fill_view(view, state, 2, EN)
    view.covered = True
    view.selected = 0
    scene.show(view)
    assert faces_on_screen(scene, sheet) == set(state.table_cards())
    assert all(grid[0] == card_tiles.TILE_BACK for grid in scene.hand_cards[:9])
    assert scene.select_frame.hidden


# --- the view: only what the seat may see --------------------------------------------------


@pytest.mark.parametrize("seat", range(4))
def test_view_holds_own_hand_sorted_and_public_counts(seat):
    state = dealt_state(seed=21)
    view = TableView()
    fill_view(view, state, seat, EN)
    assert list(view.hand[:view.hand_count]) == sorted(state.hand_cards(seat))
    assert all(card == NO_CARD for card in view.hand[view.hand_count:])
    assert sorted(c for c in view.table if c != NO_CARD) == sorted(state.table_cards())
    assert list(view.counts) == [9, 9, 9, 9]
    assert view.turn == state.turn
    # before the first play, the line says who dealt, from this seat's side
    who = EN["seats"][(state.dealer - seat) & 3]
    assert view.last_play == "Dealer: " + who


def test_last_play_names_seat_card_and_taken_cards():
    state = State(Rules("chitarrella"))
    state.set_position([cards("7d"), cards("Kc"), cards("Kb"), cards("Ks")], cards("3b 4s"),
                       turn=0)
    state.apply(state.move_for(cards("7d")[0], cards("3b 4s")))
    view = TableView()
    fill_view(view, state, 1, EN)  # seat 0 sits on the left of seat 1
    assert view.last_play == "Scopa! Left: 7d takes 3b 4s"  # first: a cut line keeps it
    fill_view(view, state, 0, EN)
    assert view.last_play == "Scopa! You: 7d takes 3b 4s"
    texts = dict(EN, seats=("Tu", "Destra", "Compagno", "Sinistra"),
                 take="%s: %s prende %s", scopa="Scopa! %s")
    fill_view(view, state, 2, texts)
    assert view.last_play == "Scopa! Compagno: 7d prende 3b 4s"


def test_a_last_play_too_long_for_its_line_drops_words_not_cards():
    state = State(Rules("chitarrella"))
    state.set_position([cards("7d"), cards("Kc"), cards("Kb 6s"), cards("Ks")],
                       cards("3b 4s 6c"), turn=0)
    state.apply(state.move_for(cards("7d")[0], cards("3b 4s")))
    texts = dict(EN, seats=("Tu", "Destra", "Compagno", "Sinistra"),
                 take="%s: %s prende %s", scopa="Scopa! %s")
    view = TableView()
    fill_view(view, state, 1, texts, width=30)
    assert view.last_play == "Sinistra: 7d prende 3b 4s"
    fill_view(view, state, 1, texts, width=23)  # the 1.14" Display Pack's line
    assert view.last_play == "Sinistra 7d: 3b 4s"
    state.set_position([cards("Kd"), cards("2c"), cards("5s"), cards("Ks")], cards("2d 3c"),
                       turn=2)
    state.apply(state.move_for(cards("5s")[0], cards("2d 3c")))  # a scopa
    fill_view(view, state, 0, texts, width=26)
    assert view.last_play == "Scopa! Compagno 5s: 2d 3c"
    state.set_position([cards("Kd"), cards("2c"), cards("Kb"), cards("Ks")],
                       cards("Ac 2d 3c 4d"), turn=0)
    state.apply(state.move_for(cards("Kd")[0], cards("Ac 2d 3c 4d")))  # the whole table
    fill_view(view, state, 2, texts, width=26)
    assert view.last_play == "Scopa! Compagno: Kd"  # a scopa takes every card there was
    state.set_position([cards("Kd"), cards("2c"), cards("Kb"), cards("Ks")],
                       cards("Ac 2d 3c 4d Js"), turn=0)
    state.apply(state.move_for(cards("Kd")[0], cards("Ac 2d 3c 4d")))  # no scopa: Js stays
    fill_view(view, state, 1, texts, width=23)
    assert view.last_play == "Sinistra Kd: Ac 2d +2"  # the last cards counted, none cut
    fill_view(view, state, 1, texts, width=12)
    assert view.last_play == "Sinistra Kd: +4"  # cut by the line, as before


def test_an_ace_that_takes_itself_says_so_where_the_line_has_room():
    # RULES §7: with ace_sweep, an ace on an empty table captures itself
    state = State(Rules("assi"))
    state.set_position([cards("Ad"), cards("Kc"), cards("Kb"), cards("Ks")], [], turn=0,
                       ply=4)
    moves = [0] * MAX_MOVES
    count = state.legal_moves(moves)
    state.apply(next(moves[i] for i in range(count) if moves[i] & SELF_TAKE))
    view = TableView()
    fill_view(view, state, 1, EN, width=26)
    assert view.last_play == "Left: Ad takes itself"
    fill_view(view, state, 1, EN, width=12)
    assert view.last_play == "Left: Ad"  # no room: the plain line


def test_scene_refuses_a_layout_for_another_screen():
    sheet, palette = load_sheet(boards.profile("pybadge"))
    with pytest.raises(ValueError, match="compact"):
        TableScene(320, 240, "compact", sheet, palette, EN)


# --- layouts: on screen, no overlaps ---------------------------------------------------------


def boxes_of(geometry, hand: int, table: int) -> list:
    """Every element's box as ``(kind, x, y, width, height)`` with ``hand`` cards in hand
    (each also lifted) and ``table`` cards on the table, text lines at full length."""
    out = []
    card_w = geometry.card_width
    card_h = geometry.card_height
    for i in range(hand):
        x = geometry.hand_x(i, hand)
        out.append(("hand", x, geometry.hand_y - geometry.lift, card_w, card_h + geometry.lift))
    for i in range(table):
        x = geometry.table_x(i, table)
        y = geometry.table_y(i, table) - geometry.table_lift
        out.append(("table", x, y, card_w, card_h + geometry.table_lift))
    for rel in (layouts.RIGHT_SEAT, layouts.TOP_SEAT, layouts.LEFT_SEAT):
        x, y = geometry.backs[rel]
        out.append(("back%d" % rel, x, y, card_w, card_h))
        out.append(("count%d" % rel, *layouts.text_box(geometry.counts[rel])))
    for row in range(2):
        out.append(("score%d" % row, *layouts.text_box(geometry.score[row])))
        out.append(("scope%d" % row, *layouts.text_box(geometry.scope[row])))
    out.append(("last_play", *layouts.text_box(geometry.last_play)))
    out.append(("turn", *layouts.text_box(geometry.turn)))
    return out


def overlap(a, b) -> bool:
    _, ax, ay, aw, ah = a
    _, bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


@pytest.mark.parametrize("name", layouts.NAMES)
@pytest.mark.parametrize(("hand", "table"), [(10, 16), (10, 13), (9, 4), (1, 1), (10, 10),
                                             (10, 11)])
def test_layout_keeps_everything_on_screen_without_overlaps(name, hand, table):
    geometry = layouts.layout(name)
    boxes = boxes_of(geometry, hand, table)
    for kind, x, y, width, height in boxes:
        assert 0 <= x and x + width <= geometry.width, (kind, x, width)
        assert 0 <= y and y + height <= geometry.height, (kind, y, height)
    for i, first in enumerate(boxes):
        for second in boxes[i + 1:]:
            if first[0] == second[0] and first[0] in ("hand", "table"):
                continue  # cards of one row may touch; checked below
            assert not overlap(first, second), (first, second)


@pytest.mark.parametrize("name", layouts.NAMES)
def test_text_lines_side_by_side_keep_a_space_between_them(name):
    # at full length, so the last play and the turn never read as one line
    geometry = layouts.layout(name)
    lines = [box for box in boxes_of(geometry, 1, 1)
             if box[0] not in ("hand", "table") and not box[0].startswith("back")]
    for i, first in enumerate(lines):
        kind, x, y, width, height = first
        widened = (kind, x - layouts.GLYPH_WIDTH, y, width + 2 * layouts.GLYPH_WIDTH, height)
        for second in lines[i + 1:]:
            if second[2] == y:  # on the same row
                assert not overlap(widened, second), (first, second)


@pytest.mark.parametrize("name", layouts.NAMES)
def test_ten_hand_cards_and_table_cards_show_their_rank_corner(name):
    geometry = layouts.layout(name)
    hand_xs = [geometry.hand_x(i, 10) for i in range(10)]
    steps = [b - a for a, b in zip(hand_xs[:-1], hand_xs[1:], strict=True)]
    assert min(steps) >= geometry.card_width - 1
    for count in range(1, 17):
        xs = [geometry.table_x(i, count) for i in range(count)]
        ys = [geometry.table_y(i, count) for i in range(count)]
        assert geometry.table_rows(count) == len(set(ys)) <= 2
        for a, b, ya, yb in zip(xs[:-1], xs[1:], ys[:-1], ys[1:], strict=True):
            if ya == yb:
                assert b - a >= 10  # the rank and suit in the corner stay readable


def test_every_board_layout_has_its_card_size():
    for name in boards.NAMES:
        board = boards.profile(name)
        geometry = layouts.layout(board.layout)
        assert (geometry.width, geometry.height) == (board.width, board.height)
        assert (geometry.card_width, geometry.card_height) == card_tiles.CARD_SIZES[
            (board.width, board.height)]


def test_unknown_layout_names_the_known_ones():
    with pytest.raises(ValueError, match="large"):
        layouts.layout("huge")
