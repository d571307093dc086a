"""The desktop simulator: the game (lib/app.py) in a window, or headless from a script.

``python -m sim [--board B] [--scale N] [--level L] [--preset P] [--language L] [--deck D]``
opens a window the board's size times ``N`` on the title menu and runs at about 30 frames a
second: keys and clicks (sim/keys.py) become input events, ``App.handle`` takes each,
``App.tick`` lets the bots play, the display refreshes; closing the window quits. A board with
a speaker plays its tunes through the computer's sound (sim/speaker.py), or silently, saying
why, on a machine without a sound device. The save, the
statistics and the kept choices go to ``--save-dir`` (default ``sim/drive/``, beside the
simulator, as on the board's drive; ``--no-save`` keeps nothing).

``--headless --script FILE [--screenshots DIR]`` runs without a window. FILE holds one step a
line: ``left``, ``right``, ``up``, ``down``, ``select``, ``back``, ``hint``, ``touch X Y`` or
``wait MS`` (lets MS milliseconds of simulated time pass, the game ticking at every frame of
them as in the window, so ``wait 7000`` lets the bots make about ten plays at their normal
speed); blank lines and ``#`` comments are skipped. After each step the game ticks, the screen
refreshes and, with ``--screenshots``, is saved as ``DIR/step_0001.png``, ``step_0002.png``...

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
from sim import make_folder

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
FPS = 30
WAIT = "wait"
# Script words for the input events, indexed by their code (lib/input_events.py).
EVENT_NAMES = ("none", "left", "right", "up", "down", "select", "back", "hint", "touch")


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
            if word == WAIT and len(words) == 2 and int(words[1]) >= 0:  # time goes on only
                steps.append(Step(ms=int(words[1]), line=number))
                continue
            code = EVENT_NAMES.index(word)
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
    """The card sheet for ``board``'s screen as a displayio (bitmap, palette), loaded as a
    board loads it (lib/main_loop.py) from the repository's ``assets/``."""
    from main_loop import load_sheet as board_load_sheet

    return board_load_sheet(board, style, str(ROOT))


def build(board: boards.Board, display, setup, clock_ms, save_dir: Path | None = None,
          speaker=None):
    """The ``App`` on ``display``, its menus starting from ``setup`` (None: the choices kept in
    ``save_dir``, lib/settings.py), its tunes on ``speaker`` (sim/speaker.py; None: silent and
    no sound option, as a board without one); returns the app."""
    from app import App

    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    app = App(board, display, lambda style: load_sheet(board, style), clock_ms,
              None if save_dir is None else str(save_dir), setup, speaker=speaker)
    display.refresh()
    return app


def make_setup(preset: str = "chitarrella", level: str = "normal", language: str = "en",
               deck: str = "italian"):
    """The MatchSetup the menus start from (raises ValueError on a bad choice). ``preset`` is
    one the menus offer, with ``+tre_gradi`` if wanted: a set-up holds no other mix."""
    import match_setup

    base, _, modifier = preset.partition("+")
    if base not in match_setup.PRESETS or modifier not in ("", "tre_gradi"):
        raise ValueError("preset %r: the menus hold one of %s, with +tre_gradi if wanted"
                         % (preset, ", ".join(match_setup.PRESETS)))
    for value, known, what in ((level, match_setup.LEVELS + ("desktop",), "level"),
                               (language, match_setup.LANGUAGES, "language"),
                               (deck, match_setup.DECKS, "deck")):
        if value not in known:
            raise ValueError("unknown %s %r (known: %s)" % (what, value, ", ".join(known)))
    setup = match_setup.MatchSetup()
    setup.from_preset(base)
    if modifier:
        setup.tre_gradi = True
    setup.level = level
    setup.language = language
    setup.deck = deck
    return setup


class ScriptClock:
    """A millisecond clock that moves only when told (``wait`` steps)."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now


def _wait(app, clock: ScriptClock, ms: int) -> None:
    """Let ``ms`` of the script's time pass a frame at a time, ticking ``app`` after each
    frame but the last (``run_script`` ticks after every step), as the window does."""
    frame_ms = 1000 // FPS
    end = clock.now + ms
    while end - clock.now > frame_ms:
        clock.now += frame_ms
        app.tick()
    clock.now = end


def run_script(board: boards.Board, steps: list[Step], screenshots: Path | None, setup=None,
               save_dir: Path | None = None):
    """Play ``steps`` headless from the title; save a PNG per step into ``screenshots``;
    returns the app. A board with a speaker gets a silent one (sim/speaker.py), so the game
    runs as on the board, its tunes in ``app.sound.speaker.notes``."""
    from sim import display as sim_display
    from sim.speaker import SilentSpeaker

    display = sim_display.open_display(board, headless=True)
    try:
        clock = ScriptClock()
        app = build(board, display, setup or make_setup(), clock, save_dir,
                    SilentSpeaker() if board.speaker else None)
        for number, step in enumerate(steps, 1):
            if step.code == input_events.NONE:
                _wait(app, clock, step.ms)
            else:
                app.handle(step.code, step.x, step.y)
            app.tick()
            display.refresh()
            if screenshots is not None:
                display.screenshot(screenshots / ("step_%04d.png" % number))
        return app
    finally:
        display.close()


def run_window(board: boards.Board, scale: int, setup, save_dir: Path | None) -> None:
    """Play in a window until it is closed."""
    from sim import display as sim_display
    from sim import keys
    from sim.speaker import open_speaker

    display = sim_display.open_display(board, scale=scale)
    try:
        start = time.monotonic_ns()

        def clock_ms() -> int:
            return (time.monotonic_ns() - start) // 1_000_000

        app = build(board, display, setup, clock_ms, save_dir, open_speaker(board))
        queue = input_events.EventQueue()
        frame = 1 / FPS
        while True:
            began = time.monotonic()
            if keys.pump(queue, scale, keys.BOARD_LETTERS.get(board.name)):
                return  # the window closed
            code = queue.pop()
            while code != input_events.NONE:
                app.handle(code, queue.x, queue.y)
                code = queue.pop()
            app.tick()
            display.refresh()
            time.sleep(max(0.0, frame - (time.monotonic() - began)))
    finally:
        display.close()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The simulator's options, on ``python -m sim``'s ``play`` command (the default)."""
    parser.add_argument("--board", default=boards.DEFAULT, choices=boards.NAMES,
                        help="board profile (default %(default)s)")
    parser.add_argument("--scale", type=int, default=2, help="window pixels per board pixel")
    parser.add_argument("--free-heap", type=int, default=0, metavar="BYTES",
                        help="the board's free heap at start, as code.py measures it: below "
                        "%d the bots play Chitarrella's rules (careful at normal), not the search "
                        "(default: enough)" % boards.SEARCH_MIN_FREE)
    # Without any of these four the window starts from the choices kept in the save
    # folder (lib/settings.py), as a board does; a script starts from the defaults.
    parser.add_argument("--level", choices=LEVELS,
                        help="the bots' level the menu starts from (default normal)")
    parser.add_argument("--preset", help="rules preset (RULES §11; default chitarrella)")
    parser.add_argument("--language", help="en or it (default en)")
    parser.add_argument("--deck", help="italian or french (default italian)")
    parser.add_argument("--save-dir", type=Path, default=ROOT / "sim" / "drive",
                        help="where the save, statistics and kept choices go (default %(default)s)")
    parser.add_argument("--no-save", action="store_true", help="keep no save or statistics")
    parser.add_argument("--headless", action="store_true", help="no window: run --script")
    parser.add_argument("--script", type=Path, help="events to play headless, one a line")
    parser.add_argument("--screenshots", type=Path, help="save a PNG per script step here")


def _make_folders(save_dir: Path | None, screenshots: Path | None) -> None:
    """Make the folders ``--save-dir`` and ``--screenshots`` name (None: no such folder), once
    every other option is checked; raises ValueError naming the option and why."""
    for folder, flag in ((save_dir, "--save-dir"), (screenshots, "--screenshots")):
        if folder is not None:
            try:
                make_folder(folder)
            except ValueError as error:
                raise ValueError("%s: %s" % (flag, error)) from None


def run(args: argparse.Namespace) -> int:
    """Run the simulator from parsed options (raises ValueError on bad ones)."""
    if args.free_heap < 0:
        raise ValueError("--free-heap must be at least 0, not %d" % args.free_heap)
    board = boards.profile(args.board, args.free_heap)
    chosen = (args.preset, args.level, args.language, args.deck)
    setup = None  # the window: the choices kept in the save folder
    if args.headless or any(value is not None for value in chosen):
        # a bad choice is refused before a window opens
        defaults = ("chitarrella", "normal", "en", "italian")
        setup = make_setup(*[default if value is None else value
                             for value, default in zip(chosen, defaults, strict=True)])
        setup.rules()
    save_dir = None if args.no_save else args.save_dir
    from sim import display as sim_display

    if not 1 <= args.scale <= sim_display.MAX_SCALE:
        raise ValueError("--scale must be 1 to %d, not %d" % (sim_display.MAX_SCALE, args.scale))
    if args.headless:
        if args.script is None:
            raise ValueError("--headless needs --script FILE")
        try:
            text = args.script.read_text(encoding="utf-8")
        except UnicodeDecodeError as error:
            raise ValueError("--script %s is not UTF-8 text: %s"
                             % (args.script, error.reason)) from None
        steps = parse_script(text)
        _make_folders(save_dir, args.screenshots)
        app = run_script(board, steps, args.screenshots, setup, save_dir)
        line = "%d steps; screen %s" % (len(steps), app.screen)
        if app.game is not None:
            state = app.game.state
            line += "; score %d-%d%s" % (state.score[0], state.score[1],
                                          ", match over" if app.game.match_over else "")
        print(line)
        return 0
    if args.script is not None or args.screenshots is not None:
        raise ValueError("--script and --screenshots need --headless")
    _make_folders(save_dir, None)
    run_window(board, args.scale, setup, save_dir)
    return 0
