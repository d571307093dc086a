"""The simulator's input adapter: keyboard and mouse become the board's abstract input events.

Pygame events are turned into ``lib/input_events.py`` codes and pushed into an
``EventQueue``, the same queue that ``keypad`` buttons and the touchscreen fill on a board.

Key map (a key press; releases and key repeat are ignored, as on the board's buttons):

==========================  ==========
key                         event
==========================  ==========
Left / Right / Up / Down    LEFT / RIGHT / UP / DOWN
Enter, keypad Enter, Space  SELECT
Escape, Backspace           BACK
H                           HINT
left mouse button down      TOUCH at the board pixel under the pointer (window pixel // scale)
==========================  ==========

Also the letters of the board's own buttons, which its help lines name, as the board reads
them (``BOARD_LETTERS``; README "Buttons"): on a Pico A and B move, X selects and Y goes back;
on a PyBadge A selects and B goes back.

The window's close button (and ``pygame.QUIT``) is not an input event: ``pump`` reports it
to the simulator's loop.

Desktop only.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import input_events  # noqa: E402  (lib/input_events.py)
import pygame  # noqa: E402

KEY_MAP: dict[int, int] = {
    pygame.K_LEFT: input_events.LEFT,
    pygame.K_RIGHT: input_events.RIGHT,
    pygame.K_UP: input_events.UP,
    pygame.K_DOWN: input_events.DOWN,
    pygame.K_RETURN: input_events.SELECT,
    pygame.K_KP_ENTER: input_events.SELECT,
    pygame.K_SPACE: input_events.SELECT,
    pygame.K_ESCAPE: input_events.BACK,
    pygame.K_BACKSPACE: input_events.BACK,
    pygame.K_h: input_events.HINT,
}
"""Pygame key code -> input event code."""

_PICO_LETTERS = {pygame.K_a: input_events.LEFT, pygame.K_b: input_events.RIGHT,
                 pygame.K_x: input_events.SELECT, pygame.K_y: input_events.BACK}
BOARD_LETTERS: dict[str, dict[int, int]] = {
    "pico-display": _PICO_LETTERS,
    "pico-display-2": _PICO_LETTERS,
    "pybadge": {pygame.K_a: input_events.SELECT, pygame.K_b: input_events.BACK},
}
"""Board profile name -> its button letters' keys (lib/hw_pico.py, lib/hw_badge.py)."""

_LEFT_BUTTON = 1
def handle(event: pygame.event.Event, queue: input_events.EventQueue, scale: int = 1,
           letters: dict[int, int] | None = None) -> bool:
    """Push the input event that a pygame ``event`` stands for; returns True if it mapped.

    :param int scale: how many window pixels make one board pixel (``SimDisplay.scale``).
    :param letters: the board's button letters (``BOARD_LETTERS``), if any.
    """
    if event.type == pygame.KEYDOWN:
        code = KEY_MAP.get(event.key, input_events.NONE)
        if code == input_events.NONE and letters:
            code = letters.get(event.key, input_events.NONE)
        if code == input_events.NONE:
            return False
        queue.push(code)
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == _LEFT_BUTTON:
        x, y = event.pos
        queue.push(input_events.TOUCH, x // scale, y // scale)
        return True
    return False


def pump(queue: input_events.EventQueue, scale: int = 1,
         letters: dict[int, int] | None = None) -> bool:
    """Take every pending pygame event, so none pile up, and push the inputs among them into
    ``queue`` (``handle``); True if the window closed."""
    closed = False
    for event in pygame.event.get():
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            closed = True
        else:
            handle(event, queue, scale, letters)
    return closed
