"""The desktop simulator: a match of Scopone (lib/game.py) in a window, or headless from a script.

``python -m sim [--board B] [--scale N] [--level L] [--seed S]`` opens a window the board's
size times ``N`` and plays at about 30 frames a second: keys and clicks (sim/keys.py) become
input events, ``Game.handle`` takes each, ``Game.tick`` lets the bots play, the display
refreshes; closing the window quits.

``--headless --script FILE [--screenshots DIR]`` runs without a window. FILE holds one step a
line: ``left``, ``right``, ``up``, ``down``, ``select``, ``back``, ``hint``, ``touch X Y`` or
``wait MS`` (advances the simulated clock); blank lines and ``#`` comments are skipped. After
each step the game ticks, the screen refreshes and, with ``--screenshots``, is saved as
``DIR/step_0001.png``, ``step_0002.png``...

Desktop only.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass
from pathlib import Path

import boards  # lib/boards.py (sim/__init__.py puts lib/ on sys.path)
import input_events

from engine.bots.levels import LEVELS
from engine.rules import Rules

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
FPS = 30
WAIT = "wait"


@dataclass
class Step:
    """One script line: an input event (``code``, ``x``, ``y``) or a wait of ``ms``."""

    code: int = input_events.NONE
    x: int = 0
    y: int = 0
    ms: int = 0
    line: int = 0


def parse_script(text: str) -> list[Step]:
    """The steps of a script (module docstring); raises ValueError naming the bad line."""
    steps = []
    for number, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        word = words[0].lower()
        try:
            if word == WAIT and len(words) == 2:
                steps.append(Step(ms=int(words[1]), line=number))
                continue
            code = input_events.code_of(word)
            if code == input_events.TOUCH and len(words) == 3:
                steps.append(Step(code, int(words[1]), int(words[2]), line=number))
                continue
            if code not in (input_events.NONE, input_events.TOUCH) and len(words) == 1:
                steps.append(Step(code, line=number))
                continue
        except ValueError:
            pass
        raise ValueError("script line %d: cannot read %r (expected left, right, up, down, "
                         "select, back, hint, touch X Y or wait MS)" % (number, raw.strip()))
    return steps


def load_sheet(board: boards.Board, style: str = "italian"):
    """The card sheet for ``board``'s screen as a displayio (bitmap, palette)."""
    import card_tiles
    import displayio
    from adafruit_imageload import load

    width, height = card_tiles.CARD_SIZES[(board.width, board.height)]
    path = ROOT / "assets" / card_tiles.sheet_name(style, width, height)
    bitmap, palette = load(str(path), bitmap=displayio.Bitmap, palette=displayio.Palette)
    palette.make_transparent(card_tiles.TRANSPARENT)
    return bitmap, palette


def build(board: boards.Board, display, rules, level: str, seed: int, clock_ms):
    """The scene on ``display`` and a ``Game`` driving it; returns the game."""
    from game import Game
    from table_scene import TableScene

    bitmap, palette = load_sheet(board)
    scene = TableScene(board.width, board.height, board.layout, bitmap, palette)
    game = Game(scene, rules, level, seed, clock_ms)
    display.root_group = scene.group
    display.refresh()
    return game


class ScriptClock:
    """A millisecond clock that moves only when told (``wait`` steps)."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now


def run_script(board: boards.Board, steps: list[Step], screenshots: Path | None,
               rules: Rules, level: str = "easy", seed: int = 1):
    """Play ``steps`` headless; save a PNG per step into ``screenshots``; returns the game."""
    from sim import display as sim_display

    display = sim_display.open_display(board, headless=True)
    try:
        clock = ScriptClock()
        game = build(board, display, rules, level, seed, clock)
        for number, step in enumerate(steps, 1):
            if step.code == input_events.NONE:
                clock.now += step.ms
            else:
                game.handle(step.code, step.x, step.y)
            game.tick()
            display.refresh()
            if screenshots is not None:
                display.screenshot(screenshots / ("step_%04d.png" % number))
        return game
    finally:
        display.close()


def run_window(board: boards.Board, scale: int, rules: Rules, level: str, seed: int) -> None:
    """Play in a window until it is closed."""
    import pygame

    from sim import display as sim_display
    from sim import keys

    display = sim_display.open_display(board, scale=scale)
    try:
        start = time.monotonic_ns()

        def clock_ms() -> int:
            return (time.monotonic_ns() - start) // 1_000_000

        game = build(board, display, rules, level, seed, clock_ms)
        queue = input_events.EventQueue()
        frame = 1 / FPS
        while True:
            began = time.monotonic()
            closed = False
            # Take every pygame event (keys.handle maps the inputs) so none pile up.
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
                    closed = True
                else:
                    keys.handle(event, queue, scale)
            if closed:
                return
            code = queue.pop()
            while code != input_events.NONE:
                game.handle(code, queue.x, queue.y)
                code = queue.pop()
            game.tick()
            display.refresh()
            time.sleep(max(0.0, frame - (time.monotonic() - began)))
    finally:
        display.close()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The simulator's options, on the top-level ``python -m sim`` parser."""
    parser.add_argument("--board", default=boards.DEFAULT, choices=boards.NAMES,
                        help="board profile (default %(default)s)")
    parser.add_argument("--scale", type=int, default=2, help="window pixels per board pixel")
    parser.add_argument("--level", default="easy", choices=LEVELS, help="the bots' level")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match")
    parser.add_argument("--preset", default="chitarrella", help="rules preset (RULES §11)")
    parser.add_argument("--headless", action="store_true", help="no window: run --script")
    parser.add_argument("--script", type=Path, help="events to play headless, one a line")
    parser.add_argument("--screenshots", type=Path, help="save a PNG per script step here")


def run(args: argparse.Namespace) -> int:
    """Run the simulator from parsed options (raises ValueError on bad ones)."""
    board = boards.profile(args.board)
    rules = Rules(args.preset)
    if args.scale < 1:
        raise ValueError("--scale must be at least 1, not %d" % args.scale)
    if args.headless:
        if args.script is None:
            raise ValueError("--headless needs --script FILE")
        steps = parse_script(args.script.read_text(encoding="utf-8"))
        game = run_script(board, steps, args.screenshots, rules, args.level, args.seed)
        state = game.state
        print("%d steps; score %d-%d%s" % (len(steps), state.score[0], state.score[1],
                                          ", match over" if game.match_over else ""))
        return 0
    if args.script is not None or args.screenshots is not None:
        raise ValueError("--script and --screenshots need --headless")
    run_window(board, args.scale, rules, args.level, args.seed)
    return 0
