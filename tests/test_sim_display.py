"""Tests for the simulator's bring-up: headless displays of each board (sim/display.py), the
key map (sim/keys.py), the input event queue (lib/input_events.py) and board profiles
(lib/boards.py). Runs without a display server (SDL's dummy video driver).
"""

from __future__ import annotations

import textwrap

import boards  # (lib/boards.py)
import pygame
import pytest
from input_events import (  # (lib/input_events.py)
    BACK,
    DOWN,
    HINT,
    LEFT,
    NONE,
    RIGHT,
    SELECT,
    TOUCH,
    UP,
    EventQueue,
)

from conftest import LIB
from sim import display as sim_display
from sim import keys, mpruntime

SIZES = {
    "pyportal": (320, 240, boards.TOUCH, "large"),
    "pico-display": (240, 135, boards.BUTTONS, "medium"),
    "pico-display-2": (320, 240, boards.BUTTONS, "large"),
    "pybadge": (160, 128, boards.BUTTONS, "compact"),
}

RED = 0xFF0000  # RGB565 keeps pure primaries exact
GREEN = 0x00FF00
RECT = (6, 9, 30, 12)  # x, y, width, height of the filled rectangle, in board pixels


# --- board profiles ---------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SIZES))
def test_profile_gives_size_input_and_layout(name):
    board = boards.profile(name)
    assert (board.width, board.height, board.input, board.layout) == SIZES[name]
    assert board.name == name
    assert board.touch == (name == "pyportal")


def test_a_profile_searches_unless_the_heap_at_start_is_too_small():
    # lib/boards.py SEARCH_MIN_FREE; 0 is a free heap nobody measured (a desktop)
    assert boards.profile("pybadge").search
    assert boards.profile("pybadge", 0).search
    assert not boards.profile("pybadge", boards.SEARCH_MIN_FREE - 1).search
    assert boards.profile("pyportal", boards.SEARCH_MIN_FREE).search


def test_default_board_is_pyportal():
    assert boards.profile().name == "pyportal"
    assert set(boards.NAMES) == set(SIZES)


def test_unknown_board_names_the_known_boards():
    with pytest.raises(ValueError) as error:
        boards.profile("gameboy")
    message = str(error.value)
    assert "gameboy" in message
    for name in SIZES:
        assert name in message


# --- display: headless bring-up and screenshots -------------------------------------------


def scene(board):
    """A group with a red rectangle at RECT and a green label below it."""
    import displayio
    import terminalio
    from adafruit_display_text import bitmap_label

    x, y, width, height = RECT
    palette = displayio.Palette(1)
    palette[0] = RED
    rect = displayio.TileGrid(displayio.Bitmap(width, height, 1), pixel_shader=palette, x=x, y=y)
    label = bitmap_label.Label(terminalio.FONT, text="Scopone", color=GREEN, x=4,
                               y=board.height - 12)
    group = displayio.Group()
    group.append(rect)
    group.append(label)
    return group, label


@pytest.fixture(params=sorted(SIZES))
def display(request):
    shown = sim_display.open_display(request.param, scale=2, headless=True)
    yield shown
    shown.close()


def test_display_has_the_board_size_and_a_scaled_window(display):
    board = display.board
    assert (display.width, display.height) == (board.width, board.height)
    assert display.frame.get_size() == (board.width, board.height)
    assert display.window.get_size() == (board.width * 2, board.height * 2)
    assert not display.auto_refresh


def test_screenshot_is_board_size_png_with_the_scene(display, tmp_path):
    group, label = scene(display.board)
    display.root_group = group
    display.refresh()
    path = display.screenshot(tmp_path / "shot.png")

    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = pygame.image.load(str(path))
    assert image.get_size() == (display.width, display.height)
    x, y, width, height = RECT
    assert tuple(image.get_at((x, y)))[:3] == (255, 0, 0)
    assert tuple(image.get_at((x + width - 1, y + height - 1)))[:3] == (255, 0, 0)
    assert tuple(image.get_at((x + width, y)))[:3] == (0, 0, 0)  # just right of the rectangle
    assert tuple(image.get_at((0, 0)))[:3] == (0, 0, 0)
    left, top, label_width, label_height = label.bounding_box
    green = [
        (px, py)
        for px in range(label.x + left, label.x + left + label_width)
        for py in range(label.y + top, label.y + top + label_height)
        if tuple(image.get_at((px, py)))[:3] == (0, 255, 0)
    ]
    assert len(green) > 20  # the text was drawn, in its colour


def test_scaled_screenshot_and_window_show_the_same_pixels(display, tmp_path):
    group, _ = scene(display.board)
    display.root_group = group
    display.refresh()
    image = pygame.image.load(str(display.screenshot(tmp_path / "big.png", scale=3)))
    assert image.get_size() == (display.width * 3, display.height * 3)
    x, y = RECT[0], RECT[1]
    assert tuple(image.get_at((3 * x + 1, 3 * y + 1)))[:3] == (255, 0, 0)
    assert tuple(display.window.get_at((2 * x + 1, 2 * y + 1)))[:3] == (255, 0, 0)


def test_screenshot_shows_the_last_refresh_not_pending_changes(display, tmp_path):
    group, _ = scene(display.board)
    display.root_group = group
    display.refresh()
    group.x = 100  # moved, not yet refreshed
    assert display.pixel(RECT[0], RECT[1]) == (255, 0, 0)
    display.refresh()
    assert display.pixel(RECT[0], RECT[1]) == (0, 0, 0)
    assert display.pixel(RECT[0] + 100, RECT[1]) == (255, 0, 0)


def test_group_can_be_shown_again_after_close(tmp_path):
    first = sim_display.open_display("pybadge", headless=True)
    group, _ = scene(first.board)
    first.root_group = group
    first.close()
    second = sim_display.open_display("pyportal", headless=True)
    try:
        second.root_group = group
        second.refresh()
        assert second.pixel(RECT[0], RECT[1]) == (255, 0, 0)
    finally:
        second.close()


@pytest.mark.parametrize("scale", [0, sim_display.MAX_SCALE + 1, 10**20])
def test_bad_scale_is_a_value_error(scale):
    with pytest.raises(ValueError, match="scale must be 1 to 8"):
        sim_display.open_display("pybadge", scale=scale, headless=True)


# --- keys: pygame events to input events --------------------------------------------------


@pytest.mark.parametrize(
    ("key", "code"),
    [
        (pygame.K_LEFT, LEFT),
        (pygame.K_RIGHT, RIGHT),
        (pygame.K_UP, UP),
        (pygame.K_DOWN, DOWN),
        (pygame.K_RETURN, SELECT),
        (pygame.K_KP_ENTER, SELECT),
        (pygame.K_SPACE, SELECT),
        (pygame.K_ESCAPE, BACK),
        (pygame.K_BACKSPACE, BACK),
        (pygame.K_h, HINT),
    ],
)
def test_key_press_becomes_its_event(key, code):
    queue = EventQueue()
    assert keys.handle(pygame.event.Event(pygame.KEYDOWN, key=key), queue)
    assert queue.pop() == code
    assert queue.pop() == NONE


@pytest.mark.parametrize(("board", "key", "code"), [
    ("pico-display", pygame.K_a, LEFT),  # the Pico's A and B move
    ("pico-display", pygame.K_x, SELECT),
    ("pico-display-2", pygame.K_y, BACK),
    ("pybadge", pygame.K_a, SELECT),  # the PyBadge's A selects
    ("pybadge", pygame.K_b, BACK),
])
def test_a_boards_button_letters_act_as_on_the_board(board, key, code):
    queue = EventQueue()
    letters = keys.BOARD_LETTERS[board]
    assert keys.handle(pygame.event.Event(pygame.KEYDOWN, key=key), queue, 1, letters)
    assert queue.pop() == code
    assert not keys.handle(pygame.event.Event(pygame.KEYDOWN, key=key), queue)  # no board


def test_key_release_and_unmapped_keys_are_ignored():
    queue = EventQueue()
    assert not keys.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_LEFT), queue)
    assert not keys.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q), queue)
    assert len(queue) == 0


def test_click_is_a_touch_at_the_board_pixel():
    queue = EventQueue()
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(101, 51), button=1)
    assert keys.handle(click, queue, scale=2)
    assert queue.pop() == TOUCH
    assert (queue.x, queue.y) == (50, 25)


def test_right_click_is_ignored():
    queue = EventQueue()
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=3)
    assert not keys.handle(click, queue)
    assert len(queue) == 0


def test_pump_moves_posted_events_and_reports_close():
    shown = sim_display.open_display("pico-display", scale=3, headless=True)
    try:
        pygame.event.clear()
        queue = EventQueue()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(30, 60), button=1))
        assert not keys.pump(queue, shown.scale)
        assert queue.pop() == DOWN
        assert queue.pop() == TOUCH and (queue.x, queue.y) == (10, 20)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert keys.pump(queue, shown.scale)
    finally:
        shown.close()


# --- the event queue -----------------------------------------------------------------------


def test_queue_is_first_in_first_out_with_points():
    queue = EventQueue(4)
    assert queue.pop() == NONE
    queue.push(LEFT)
    queue.push(TOUCH, 319, 239)
    queue.push(SELECT)
    assert len(queue) == 3
    assert queue.pop() == LEFT and (queue.x, queue.y) == (0, 0)
    assert queue.pop() == TOUCH and (queue.x, queue.y) == (319, 239)
    assert queue.pop() == SELECT
    assert queue.pop() == NONE


def test_queue_wraps_around_its_buffer():
    queue = EventQueue(3)
    for round_number in range(10):
        queue.push(UP, round_number, 2 * round_number)
        queue.push(DOWN)
        assert queue.pop() == UP and (queue.x, queue.y) == (round_number, 2 * round_number)
        assert queue.pop() == DOWN
    assert len(queue) == 0


def test_full_queue_drops_new_events_without_error():
    queue = EventQueue(4)
    accepted = [queue.push(HINT, i, i) for i in range(6)]
    assert accepted == [True] * 4 + [False] * 2
    assert queue.dropped == 2
    assert [queue.pop() for _ in range(5)] == [HINT] * 4 + [NONE]
    assert queue.x == 3  # the oldest four were kept


def test_clear_empties_the_queue():
    queue = EventQueue()
    queue.push(BACK)
    queue.clear()
    assert queue.pop() == NONE


def test_script_words_name_every_event():
    from sim.simulator import EVENT_NAMES, parse_script

    codes = (NONE, LEFT, RIGHT, UP, DOWN, SELECT, BACK, HINT, TOUCH)
    assert [EVENT_NAMES.index(word) for word in EVENT_NAMES] == sorted(codes)
    assert [step.code for step in parse_script("left\nSelect\nhint\ntouch 3 4")] == [
        LEFT, SELECT, HINT, TOUCH]
    with pytest.raises(ValueError, match="line 1: cannot read 'jump'"):
        parse_script("jump")


def test_queue_allocates_nothing_under_micropython_heap_lock(tmp_path):
    script = tmp_path / "queue_heap.py"
    script.write_text(textwrap.dedent("""\
        import sys
        sys.path.append(sys.argv[1])
        import micropython
        from input_events import EventQueue, TOUCH, LEFT, SELECT, NONE

        def check(queue):
            micropython.heap_lock()
            try:
                for i in range(200):
                    queue.push(TOUCH, 319, 239)
                    queue.push(LEFT)
                    queue.pop()
                    queue.pop()
                    for j in range(5):
                        queue.push(SELECT)  # overflows and drops
                    while queue.pop() != NONE:
                        pass
                    n = len(queue)
                queue.clear()
            finally:
                micropython.heap_unlock()
            return queue.x, queue.y, queue.dropped, n

        print(check(EventQueue(4)))
        """))
    output = mpruntime.run_unix(script, LIB, heap="64k", timeout=60)
    assert output.strip() == "(0, 0, 200, 0)"
