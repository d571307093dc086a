"""The README's screenshots: every screen of the game at every layout, at actual size.

``python -m sim.screenshots [--out DIR]`` (``make screenshots``) drives the app headless with
input events from the title, the same way a person would, and saves
``DIR/<layout>_<screen>.png`` for the title, options, how to play (its second page), players, a
name being spelt, table, capture choice, pause, hint, a bot's capture on show, cover, end of
hand, end of match and statistics screens, plus the Italian table with French cards and its
taken cards (the option that lets a side look at its pile, C-27). ``tests/test_screenshots.py``
makes them again and compares the pixels, so the README's pictures stay current.

Desktop only.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import boards
from input_events import BACK, DOWN, SELECT

from engine.layout import PILE
from engine.moves import MAX_MOVES
from sim import CommandParser, simulator
from sim import display as sim_display
from sim.speaker import SilentSpeaker

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "sim" / "screens"
BOARDS = ("pyportal", "pico-display", "pybadge")  # one per layout
SCREENS = ("title", "options", "howto", "players", "spell", "cover", "table", "choose", "pause",
           "hint", "bot_take", "hand_end", "match_end", "stats", "italian_french",
           "captures")
SEED_CLOCK = 41  # the clock when a match starts seeds it (lib/app.py)


class Shooter:
    """An app on a headless display, and the moves to reach each screen."""

    def __init__(self, board_name: str, out: Path, save_dir: Path) -> None:
        self.board = boards.profile(board_name)
        self.display = sim_display.open_display(self.board, headless=True)
        self.clock = simulator.ScriptClock()
        setup = simulator.make_setup(level="easy")
        speaker = SilentSpeaker() if self.board.speaker else None  # its option shows
        self.app = simulator.build(self.board, self.display, setup, self.clock, save_dir,
                                   speaker)
        self.out = out
        self.moves = [0] * MAX_MOVES

    def shot(self, name: str) -> None:
        self.display.refresh()
        self.display.screenshot(self.out / ("%s_%s.png" % (self.board.layout, name)))

    def pick(self, key: str) -> None:
        app = self.app
        while app.items[app.cursor] != key:
            app.handle(DOWN)
        app.handle(SELECT)

    def play_until(self, screen: str, play: bool = True) -> None:
        """Answer the screens (a person plays the selected card when ``play``) until
        ``screen`` shows; a person's turn counts as the ``"turn"`` screen."""
        app = self.app
        for _ in range(20000):
            person = app.screen == "table" and app.game.mode in (0, 1)  # MODE_PLAY, CHOOSE
            if app.screen == screen or (screen == "turn" and person):
                return
            if app.screen in ("hand_end", "cover") or (play and person):
                app.handle(SELECT)
            self.clock.now += 700
            app.tick()
        raise RuntimeError("%s did not come in 20000 steps" % screen)

    def _choice_index(self) -> int:
        """The hand index of a card with several captures, or -1."""
        game = self.app.game
        count = game.state.legal_moves(self.moves)
        for index in range(game.view.hand_count):
            card = game.view.hand[index]
            if sum(1 for i in range(count) if self.moves[i] & 63 == card) > 1:
                return index
        return -1

    def close(self) -> None:
        self.display.close()


def shoot(board_name: str, out: Path) -> list[Path]:
    """Every screen of ``board_name``'s layout into ``out``; returns the files."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as drive:
        shooter = Shooter(board_name, out, Path(drive))
        try:
            _tour(shooter)
        finally:
            shooter.close()
    layout = boards.profile(board_name).layout
    return [out / ("%s_%s.png" % (layout, name)) for name in SCREENS]


def _tour(shooter: Shooter) -> None:
    app = shooter.app
    clock = shooter.clock
    shooter.shot("title")
    shooter.pick("options")
    shooter.shot("options")
    app.handle(BACK)
    shooter.pick("howto")
    app.handle(SELECT)  # Next page
    shooter.shot("howto")
    app.handle(BACK)
    shooter.pick("pass")
    shooter.shot("players")
    shooter.pick("names")
    shooter.pick("name0")
    for group, letter in (("MNOPQR", "M"), ("ABCDEF", "a"), ("MNOPQR", "r")):
        shooter.pick(group)
        shooter.pick(letter)
    shooter.shot("spell")
    app.handle(BACK)  # the name stays as it was
    app.handle(BACK)
    shooter.pick("start")
    shooter.shot("cover")
    app.handle(BACK)  # the cover waits for SELECT
    app.handle(SELECT)
    app.handle(BACK)
    shooter.pick("quit")
    clock.now = SEED_CLOCK
    shooter.pick("vs_bots")  # the pass-and-play match is saved: a new match asks first
    app.handle(SELECT)
    shooter.play_until("turn")
    shooter.shot("table")
    while shooter._choice_index() < 0:  # play on until a card has several captures (C-11)
        app.handle(SELECT)
        shooter.play_until("turn")
    game = app.game
    game.selected = shooter._choice_index()
    game.scene.select(game.selected)
    app.handle(SELECT)
    shooter.shot("choose")
    app.handle(BACK)
    app.handle(BACK)
    shooter.shot("pause")
    shooter.pick("hint")
    shooter.shot("hint")
    app.handle(SELECT)
    while app.game.taking < 0:  # a bot's capture on show before the cards go
        app.handle(SELECT)
        shooter.clock.now += 700
        app.tick()
    shooter.shot("bot_take")
    shooter.play_until("hand_end")
    shooter.shot("hand_end")
    shooter.play_until("match_end")
    shooter.shot("match_end")
    shooter.pick("quit")
    shooter.pick("stats")
    shooter.shot("stats")
    app.handle(BACK)
    shooter.pick("language")
    shooter.pick("options")
    shooter.pick("deck")
    shooter.pick("review_captures")
    shooter.pick("review_captures")  # own_pile: our side may look at its pile (C-27)
    app.handle(BACK)
    shooter.pick("vs_bots")
    shooter.play_until("turn")
    shooter.shot("italian_french")
    while sum(1 for card in range(40) if app.game.state.where[card] == PILE) < 10:
        app.handle(SELECT)
        shooter.play_until("turn")
    app.handle(BACK)
    shooter.pick("captures")
    shooter.shot("captures")


def main(argv=None) -> int:
    parser = CommandParser(prog="python -m sim.screenshots", description=__doc__)
    parser.add_argument("--out", type=Path, default=OUT, help="folder (default %(default)s)")
    args = parser.parse_args(argv)
    parser.make_folder(args.out)
    for name in BOARDS:
        for path in shoot(name, args.out):
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
