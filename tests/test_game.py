"""Tests for the game loop (lib/game.py) and the simulator command (sim/simulator.py), headless.

A whole match against easy bots played from scripted events with an injected clock, while no
display object is created; a hand-written script through ``python -m sim --headless``; the
capture choice (C-11) cycling, cancelling and confirming; the hint; the bots' pause.
The app's screens around the game are tested in tests/test_app.py.
"""

from __future__ import annotations

import subprocess
import sys

import boards  # (lib/boards.py)
import game as game_module
import i18n
import pygame
import pytest
import text_screens
from card_tiles import TILE_FRAMED
from game import (
    HAND_SCORED,
    HINT_READY,
    MATCH_DECIDED,
    MODE_BOTS,
    MODE_CHOOSE,
    MODE_HAND_END,
    MODE_MATCH_END,
    MODE_PLAY,
    Game,
)
from input_events import BACK, HINT, LEFT, RIGHT, SELECT, TOUCH
from match_setup import MatchSetup
from table_scene import TableScene

from conftest import ROOT, cards, names, position
from engine.bots import make_bot
from engine.bots.chitarrella import ChitarrellaBot
from engine.layout import TERMINAL
from engine.rules import Rules
from engine.state import State
from sim import display as sim_display
from sim import simulator
from sim.__main__ import main


class Clock:
    """The injected millisecond clock."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now


@pytest.fixture
def pyportal():
    shown = sim_display.open_display("pyportal", headless=True)
    yield shown
    shown.close()


def make_scene(display) -> TableScene:
    board = display.board
    bitmap, palette = simulator.load_sheet(board)
    scene = TableScene(board.width, board.height, board.layout, bitmap, palette,
                       i18n.texts("en"))
    display.root_group = scene.group
    return scene


def easy_setup(seed: int = 1) -> MatchSetup:
    setup = MatchSetup()
    setup.level = "easy"
    setup.seed = seed
    return setup


def card_middle(grid, scene) -> tuple[int, int]:
    return grid.x + scene.layout.card_width // 2, grid.y + scene.layout.card_height // 2


def highlighted(scene) -> set[int]:
    """The faces of the table cards framed as a capture choice."""
    return {scene.table_cards[i][0] - TILE_FRAMED for i in range(16)
            if scene.table_cards[i][0] >= TILE_FRAMED}


# --- a whole match from scripted events -------------------------------------------------------


def test_scripted_match_against_easy_bots_reaches_the_end_without_new_display_objects(
        pyportal, construction_counter):
    clock = Clock()
    scene = make_scene(pyportal)
    events = []
    game = Game(scene, easy_setup(7), clock_ms=clock, listener=events.append)
    game.start()
    built = dict(construction_counter)
    plays = hands = steps = 0
    while game.mode != MODE_MATCH_END and steps < 20000:
        steps += 1
        mode = game.mode
        if mode == MODE_BOTS:
            clock.now += 700
        elif mode == MODE_HAND_END:
            hands += 1
            assert events[-1] == HAND_SCORED
            game.handle(SELECT)  # the app's screen, not the table's: nothing happens
            assert game.mode == MODE_HAND_END
            game.next()
        elif mode == MODE_CHOOSE:
            game.handle(RIGHT)
            game.handle(SELECT)
        elif plays % 3 == 0:  # touch a card twice: select, then play
            plays += 1
            hand = [grid for grid in scene.hand_cards if not grid.hidden]
            point = card_middle(hand[len(hand) // 2], scene)
            game.handle(TOUCH, *point)
            game.handle(TOUCH, *point)
        else:
            plays += 1
            game.handle(RIGHT if plays % 2 else LEFT)
            if plays % 5 == 0:
                game.handle(HINT)
                assert events[-1] == HINT_READY and game.hint_move >= 0
            game.handle(SELECT)
        game.tick()
        if steps % 40 == 0:
            pyportal.refresh()
    assert game.match_over, "the match did not end in %d steps" % steps
    assert game.mode == MODE_MATCH_END and hands >= 1 and plays >= 9
    assert events[-1] == MATCH_DECIDED and game.state.match.winner in (0, 1)
    pyportal.refresh()
    assert construction_counter == built, "display objects created during the match"
    # the decided match lets its bot go (room for the statistics), the next one makes it again
    assert game.bot is None and game.bots == [None] * 4
    game.next()  # a new match
    assert not game.match_over and tuple(game.state.score) == (0, 0)
    assert game.bot is not None and game.bots.count(game.bot) == 3


def test_a_new_match_plays_as_a_new_game_with_its_seed(pyportal):
    # "again" makes the bots anew for the next match: it plays what a Game started at that
    # match number plays (the bots keep nothing between matches but their seed)
    setup = easy_setup(7)
    setup.level = "normal"  # a master bot: its random stream decides its plays

    def plays(game, count):
        """The first ``count`` plays, the person playing the card the cursor is on."""
        while game.state.ply < count:
            if game.mode == MODE_BOTS:
                game.clock_ms.now += 700
                game.tick()
            else:
                game.handle(SELECT)  # play the selected card (a capture choice: the first)
        return list(game.state.ply_move[:count])

    first = Game(make_scene(pyportal), setup, clock_ms=Clock())
    first.start()
    first.state.phase = TERMINAL  # the match ends here
    first.mode = MODE_HAND_END
    first.next()
    assert first.mode == MODE_MATCH_END and first.bot is None
    first.next()
    second = Game(make_scene(pyportal), setup, clock_ms=Clock(), matches=1)
    second.start()
    assert plays(first, 8) == plays(second, 8)


SCRIPT = """\
# from the title, play against bots: wait for the bots, move, ask for a hint, play
select
wait 700
wait 700
wait 700
right
left
hint
select
select   # skips a bot's pause (or confirms a capture)
wait 700
touch 160 220
"""


@pytest.mark.parametrize("board_name", sorted(boards.NAMES))
def test_headless_script_saves_a_screenshot_per_step(tmp_path, capsys, board_name):
    script = tmp_path / "first_plays.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    shots = tmp_path / "shots"
    status = main(["--board", board_name, "--headless", "--script", str(script),
                   "--screenshots", str(shots), "--no-save"])
    assert status == 0
    assert capsys.readouterr().out.startswith("11 steps; screen ")
    board = boards.profile(board_name)
    files = sorted(shots.glob("*.png"))
    assert [path.name for path in files] == ["step_%04d.png" % n for n in range(1, 12)]
    for path in files:
        assert pygame.image.load(str(path)).get_size() == (board.width, board.height)


def test_a_scripts_wait_lets_the_game_run_as_long_as_it_says():
    """``wait MS`` ticks the game at every frame, as the window does: the bots play their
    cards one every 0.7 s until the person's turn, not one play a wait."""
    board = boards.profile("pyportal")
    short = simulator.run_script(board, simulator.parse_script("select\nwait 100\n"), None)
    assert short.game.mode == MODE_BOTS and short.game.state.ply == 0
    app = simulator.run_script(board, simulator.parse_script("select\nwait 8000\n"), None)
    game = app.game
    state = game.state
    assert game.mode == MODE_PLAY and game.is_person(state.current_seat())
    assert state.ply == (state.current_seat() - state.leader) % 4 > 0  # each bot before it played


def test_python_m_sim_without_a_command_runs_the_simulator(tmp_path):
    script = tmp_path / "hint.txt"
    script.write_text("select\nwait 2100\nhint\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "sim", "--headless", "--script", str(script),
                             "--screenshots", str(tmp_path), "--no-save"], cwd=ROOT,
                            capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "step_0003.png").exists()


@pytest.mark.parametrize(("options", "words"), [
    (["--preset", "assi+veneto"], ["assi+veneto", "+tre_gradi"]),
    (["--preset", ""], ["preset ''"]),
    (["--preset", "dieci", "--rule-less"], ["unrecognized"]),
    (["--save-dir", "FILE"], ["--save-dir", "is a file"]),
    (["--screenshots", "FILE"], ["--screenshots", "is a file"]),
    (["--save-dir", "UNDER_FILE"], ["--save-dir", "cannot make the folder"]),
    (["--screenshots", "UNDER_FILE"], ["--screenshots", "cannot make the folder"]),
    (["--script", "MISSING"], ["No such file"]),
    (["--script", "LATIN1"], ["not UTF-8"]),
    (["--free-heap", "-1"], ["--free-heap", "at least 0"]),
])
def test_simulator_options_it_cannot_use_are_refused_in_one_line(tmp_path, capsys, options,
                                                                 words):
    script = tmp_path / "ok.txt"
    script.write_text("select\n", encoding="utf-8")
    (tmp_path / "latin1.txt").write_bytes("caff\xe8\n".encode("latin-1"))
    given = {"FILE": str(script), "MISSING": str(tmp_path / "missing.txt"),
             "LATIN1": str(tmp_path / "latin1.txt"), "UNDER_FILE": str(script / "shots")}
    options = [given.get(option, option) for option in options]
    if "--script" not in options:
        options += ["--script", str(script)]
    try:
        status = main(["--headless", *options])
    except SystemExit as exit:  # argparse's own refusal
        status = exit.code
    error = capsys.readouterr().err
    assert status == 2 and error.startswith("error: ") and error.count("\n") == 1, error
    for word in words:
        assert word in error, error


def test_the_simulator_plays_a_board_with_too_little_heap_to_search(tmp_path, capsys,
                                                                     monkeypatch):
    # --free-heap as code.py would measure it: a PyBadge with 113 KB plays hard without the
    # search, and its hint too (lib/boards.py SEARCH_MIN_FREE)
    def no_search(game):
        raise AssertionError("a hint searched on a board without the search")

    hinted = []
    hint = Game.hint

    def recorded_hint(game):
        hint(game)
        hinted.append((type(game.bot).__name__, game.hint_move, game.hint_reason[0]))

    monkeypatch.setattr(Game, "make_hinter", no_search)
    monkeypatch.setattr(Game, "hint", recorded_hint)
    script = tmp_path / "hint.txt"
    script.write_text("select\n" + "wait 1000\n" * 6 + "hint\n", encoding="utf-8")  # a tick a step
    status = main(["--board", "pybadge", "--free-heap", "113000", "--level", "hard",
                   "--headless", "--script", str(script), "--no-save"])
    assert status == 0 and "screen hint" in capsys.readouterr().out
    assert len(hinted) == 1
    bot, move, kind = hinted[0]
    assert bot == "ChitarrellaBot" and move >= 0 and kind == "chitarrella"


def test_the_simulator_starts_from_a_preset_with_tre_gradi(tmp_path, capsys):
    script = tmp_path / "start.txt"
    script.write_text("select\n", encoding="utf-8")  # vs bots: the match starts and is saved
    status = main(["--headless", "--script", str(script), "--preset", "dieci+tre_gradi",
                   "--save-dir", str(tmp_path / "drive")])
    assert status == 0 and "screen table" in capsys.readouterr().out


@pytest.mark.parametrize(("line", "word"), [("jump", "jump"), ("touch 3", "touch 3"),
                                            ("wait soon", "wait soon"), ("select 2", "select"),
                                            ("wait -100", "wait -100")])
def test_bad_script_line_is_named(tmp_path, capsys, line, word):
    script = tmp_path / "bad.txt"
    script.write_text("# ok\nleft\n" + line + "\n", encoding="utf-8")
    status = main(["--headless", "--script", str(script)])
    error = capsys.readouterr().err
    assert status == 2 and "line 3" in error and word in error


# --- capture choice (C-11) ---------------------------------------------------------------------


def choice_game(display, clock) -> Game:
    """You hold 7d and Kc; 7d takes 3b + 4s or 2c + 5s (no 7 on the table, so it must take)."""
    state = position(("7d Kc", "Kb Ad", "Ks Ac", "Kd Ab"), "3b 4s 2c 5s", turn=0)
    scene = make_scene(display)
    game = Game(scene, easy_setup(), rules=state.rules, clock_ms=clock, state=state)
    game.start()
    return game


def test_c11_capture_choice_cycles_the_takes_and_plays_the_chosen_one(pyportal, tmp_path):
    clock = Clock()
    game = choice_game(pyportal, clock)
    scene = game.scene
    first, second = set(cards("3b 4s")), set(cards("2c 5s"))
    assert game.mode == MODE_PLAY and scene.hand_cards[0][0] == cards("7d")[0]
    game.handle(SELECT)
    assert game.mode == MODE_CHOOSE
    start = highlighted(scene)
    assert start in (first, second)
    other = second if start == first else first
    game.handle(RIGHT)
    assert highlighted(scene) == other
    game.handle(RIGHT)  # only two legal takes: back to the first (no trail is offered)
    assert highlighted(scene) == start
    game.handle(LEFT)
    assert highlighted(scene) == other
    pyportal.refresh()
    assert pyportal.screenshot(tmp_path / "capture_choice.png").exists()
    game.handle(SELECT)
    assert game.mode == MODE_BOTS
    seat, card, taken, _, _ = game.state.play_info(game.state.ply - 1)
    assert (seat, card, set(taken)) == (0, cards("7d")[0], other)
    assert "You: 7d takes" in scene.last_play.text


@pytest.mark.parametrize("preset, overrides, hand, table, why", [
    ("assi", {}, "Ad 5c", "", 0),  # RULES §10 row 28: no ace on the opening play
    ("chitarrella", {"forced_capture": "turn"}, "4d 7s", "2b 5c", 1),
])
def test_a_card_with_no_legal_play_says_why_and_waits(pyportal, preset, overrides, hand, table,
                                                      why):
    state = position((hand, "Kb", "Ks", "Kd"), table, turn=0, preset=preset, **overrides)
    scene = make_scene(pyportal)
    game = Game(scene, easy_setup(), rules=state.rules, clock_ms=Clock(), state=state)
    game.start()
    assert game.mode == MODE_PLAY and scene.hand_cards[0][0] == cards(hand)[0]
    game.handle(SELECT)
    assert game.mode == MODE_PLAY and state.ply == 0
    assert scene.last_play.text.strip() == game.texts["barred"][why]
    game.handle(RIGHT)
    game.handle(SELECT)  # the other card plays
    assert state.ply == 1


@pytest.mark.parametrize("text", ["Ab prende Rd+5c+Cs+6c+4c+7b",
                                  "Per Chitarrella: Ab prende Rd+5c+Cs+6c+4c+7b (C-28)"])
def test_a_long_take_is_cut_between_cards(text):
    # a 160x128 screen's 26 characters: an ace sweeping six cards does not fit one line
    lines = text_screens.wrap_play(text, 26)
    assert len(lines) > 1 and all(len(line) <= 26 for line in lines)
    cards_named = [name for line in lines for name in line.replace("+", " ").split()]
    assert cards_named == text.replace("+", " ").split()  # every card whole, in order


def test_c11_capture_choice_back_cancels_and_touch_picks_a_take(pyportal):
    game = choice_game(pyportal, Clock())
    scene = game.scene
    game.handle(SELECT)
    game.handle(BACK)
    assert game.mode == MODE_PLAY and highlighted(scene) == set()
    assert game.state.ply == 0  # nothing played
    game.handle(SELECT)
    target = cards("5s")[0]
    index = [grid[0] for grid in scene.table_cards].index(target)
    game.handle(TOUCH, scene.table_cards[index].x + 3, scene.table_cards[index].y + 10)
    assert highlighted(scene) == set(cards("2c 5s"))
    game.handle(TOUCH, *card_middle(scene.hand_cards[0], scene))  # the card again: play it
    seat, card, taken, _, _ = game.state.play_info(game.state.ply - 1)
    assert set(taken) == set(cards("2c 5s"))


def test_touching_another_hand_card_during_a_capture_choice_picks_that_card(pyportal):
    game = choice_game(pyportal, Clock())
    scene = game.scene
    game.handle(SELECT)  # 7d: two takes
    assert game.mode == MODE_CHOOSE
    game.handle(TOUCH, *card_middle(scene.hand_cards[1], scene))  # Kc
    assert game.mode == MODE_PLAY and game.selected == 1
    assert highlighted(scene) == set() and game.state.ply == 0
    game.handle(TOUCH, *card_middle(scene.hand_cards[1], scene))  # again: Kc is played
    assert game.state.play_info(game.state.ply - 1)[1] == cards("Kc")[0]


def test_touch_selects_a_hand_card_and_a_second_touch_plays_it(pyportal):
    game = choice_game(pyportal, Clock())
    scene = game.scene
    king = card_middle(scene.hand_cards[1], scene)
    game.handle(TOUCH, *king)
    assert game.mode == MODE_PLAY and not scene.select_frame.hidden
    assert scene.select_frame.x == scene.hand_cards[1].x
    game.handle(TOUCH, *king)
    assert game.state.play_info(game.state.ply - 1)[1] == cards("Kc")[0]
    assert game.mode == MODE_BOTS


def test_one_touch_on_the_card_a_turn_starts_with_lifted_only_picks_it(pyportal):
    # A turn starts with a card lifted (the first, or last turn's): the README's "picked with
    # one touch and played with a second" holds for it too, and a tap made to hurry the bots
    # that lands on it does not play it.
    clock = Clock()
    game = choice_game(pyportal, clock)
    scene = game.scene
    lifted = card_middle(scene.hand_cards[game.selected], scene)
    game.handle(TOUCH, *lifted)
    assert game.mode == MODE_PLAY and game.state.ply == 0
    game.handle(TOUCH, *lifted)
    if game.mode == MODE_CHOOSE:
        game.handle(SELECT)
    assert game.state.ply == 1
    while game.mode == MODE_BOTS:  # the bots' plays, then the next turn: its card is lifted
        clock.now += 5000
        game.tick()
    assert game.mode == MODE_PLAY and game.state.ply == 4
    game.handle(TOUCH, *card_middle(scene.hand_cards[game.selected], scene))
    assert game.mode == MODE_PLAY and game.state.ply == 4


# --- hint and the bots' pause ----------------------------------------------------------------


def test_hint_selects_the_card_highlights_its_take_and_gives_a_reason(pyportal, tmp_path):
    game = choice_game(pyportal, Clock())
    scene = game.scene
    game.handle(HINT)
    move = game.hint_move
    kind, code = game.hint_reason
    assert move >= 0 and kind in ("master", "chitarrella") and code > 0
    assert scene.hand_cards[game.selected][0] == move & 63
    assert highlighted(scene) == set(game.state.taken_cards(move))
    # 7d must capture (C-11); Kc would trail
    assert text_screens.hint_play(game, game.hint_move).startswith("7d takes ")
    assert game.mode == MODE_PLAY and game.state.ply == 0
    pyportal.refresh()
    assert pyportal.screenshot(tmp_path / "hint.png").exists()


@pytest.mark.parametrize("level, budget", [("easy", (64, 3000)), ("hard", (64, 3000)),
                                           ("desktop", (960, 0))])
def test_hints_think_as_hard_or_as_the_stronger_desktop_level(pyportal, level, budget):
    state = position(("7d Kc", "Kb Ad", "Ks Ac", "Kd Ab"), "3b 4s 2c 5s", turn=0)
    setup = easy_setup()
    setup.level = level
    game = Game(make_scene(pyportal), setup, rules=state.rules, clock_ms=Clock(), state=state)
    game.start()
    assert game.hint_budget == budget  # engine/bots/levels.py: hard's, desktop's
    game.handle(HINT)
    assert game.hint_move & 63 == cards("7d")[0]  # 7d must capture (C-11)


def test_with_the_search_the_hint_asks_chitarrellas_tuned_player(pyportal, monkeypatch):
    # The master bot's own Chitarrella player keeps the weights its search wants a candidate
    # from (engine/bots/chitarrella.py); the hint's second step makes the one the chitarrella
    # bot is, and leaves his module loaded, as the master bot's module holds it.
    state = position(("7d Kc", "Kb Ad", "Ks Ac", "Kd Ab"), "3b 4s 2c 5s", turn=0)
    setup = easy_setup()
    setup.level = "normal"
    game = Game(make_scene(pyportal), setup, rules=state.rules, clock_ms=Clock(), state=state)
    game.start()

    def untaught(obs, moves, count):
        raise AssertionError("the hint asked the master bot's teacher")

    monkeypatch.setattr(game.bot.teacher, "choose", untaught)
    made = []
    tuned = ChitarrellaBot.__init__

    def recorded(bot, rules, teacher=False, strategy=True):
        made.append((teacher, strategy))
        tuned(bot, rules, teacher, strategy)

    monkeypatch.setattr(ChitarrellaBot, "__init__", recorded)
    game.handle(HINT)
    assert made == [(False, True)] and game.hint_move & 63 == cards("7d")[0]
    assert "engine.bots.chitarrella" in sys.modules


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_without_the_search_chitarrellas_player_plays_and_hints(pyportal, monkeypatch, level):
    # A board with too little heap for the search (lib/boards.py SEARCH_MIN_FREE): the bots
    # at normal and hard are Chitarrella's players, and a hint at any level is his play and
    # his rule, with no search made for it.
    state = position(("7d Kc", "Kb Ad", "Ks Ac", "Kd Ab"), "3b 4s 2c 5s", turn=0)
    setup = easy_setup()
    setup.level = level
    game = Game(make_scene(pyportal), setup, rules=state.rules, clock_ms=Clock(), state=state,
                search=False)
    game.start()
    assert type(game.bot).__name__ == ("GreedyBot" if level == "easy" else "ChitarrellaBot")
    assert game.hint_budget is None

    def no_search():
        raise AssertionError("a hint searched on a board without the search")

    monkeypatch.setattr(game, "make_hinter", no_search)
    teacher = make_bot("chitarrella", game.rules)
    game.state.observe(0, game.obs)
    his = teacher.choose(game.obs, game.moves, game.state.legal_moves(game.moves))
    game.handle(HINT)
    assert game.hint_move == his and his & 63 == cards("7d")[0]  # 7d must capture (C-11)
    assert game.hint_reason == ("chitarrella", teacher.reason) and teacher.reason > 0
    assert game.hint_teacher == (-1, 0)
    if level != "easy":
        assert game.bots[1] is game.bot  # the bots' own player gave the hint: no second one


def test_without_the_search_normal_is_careful_and_hints_with_chitarrellas_strategy(pyportal):
    # normal on a board without the search plays Chitarrella's player without his strategy
    # (the careful bot, engine/bots/levels.py); a hint still gives all his advice, and the
    # bots play on careful. Seat 0 is on the dealer's side: the whole player keeps the
    # values paired (C-28), the careful one makes the more valuable take.
    state = State(Rules("chitarrella"))
    state.set_position([cards(hand) for hand in ("5s Jb Ac 2c", "Ad 3d Qs 5c", "Kd 3s Ab 5d",
                                                 "Qc Js 2b 3b")], cards("5b 3c Kb Qb"), dealer=2)
    setup = easy_setup()
    setup.level = "normal"
    game = Game(make_scene(pyportal), setup, rules=state.rules, clock_ms=Clock(), state=state,
                search=False)
    game.start()
    assert type(game.bot).__name__ == "ChitarrellaBot" and game.bot.strategy is False
    game.state.observe(0, game.obs)
    count = game.state.legal_moves(game.moves)
    careful = game.bot.choose(game.obs, game.moves, count)
    whole = make_bot("chitarrella", game.rules)
    his = whole.choose(game.obs, game.moves, count)
    assert names(state.taken_cards(careful)) == "5b 3c" and names(state.taken_cards(his)) == "5b"
    game.handle(HINT)
    assert game.hint_move == his and game.hint_reason == ("chitarrella", whole.reason)
    assert game.bot.strategy is False


@pytest.mark.parametrize("last", [False, True])
def test_the_capture_choice_starts_on_the_hinted_take(pyportal, monkeypatch, last):
    game = choice_game(pyportal, Clock())
    card = cards("7d")[0]

    class Hinter:  # suggests 7d's first or last take
        kind = "master"
        reason = 1

        def search_move(self, obs, moves, count):
            takes = [moves[i] for i in range(count) if moves[i] & 63 == card]
            return takes[-1 if last else 0]

    monkeypatch.setattr(game, "make_hinter", Hinter)
    game.handle(HINT)
    hinted = highlighted(game.scene)
    game.handle(SELECT)
    assert game.mode == MODE_CHOOSE
    assert game.choices[game.choice] == game.hint_move
    assert highlighted(game.scene) == hinted


@pytest.mark.parametrize("agree", [True, False])
def test_a_hint_keeps_chitarrellas_play_when_he_would_make_another(pyportal, monkeypatch,
                                                                    agree):
    # 7d takes 3b + 4s or 2c + 5s. When the search hints the take Chitarrella's player makes,
    # his rule is the reason; when it hints the other, the game keeps his play and his reason
    # for the hint screen (lib/text_screens.py show_hint).
    game = choice_game(pyportal, Clock())
    teacher = make_bot("chitarrella", game.rules)
    count = game.state.legal_moves(game.moves)
    game.state.observe(0, game.obs)
    his = teacher.choose(game.obs, game.moves, count)
    his_code = teacher.reason
    other = next(game.moves[i] for i in range(count)
                 if game.moves[i] & 63 == his & 63 and game.moves[i] != his)

    class Hinter:  # the search hints his take, or the other
        kind = "master"
        reason = 2

        def search_move(self, obs, moves, count):
            return his if agree else other

    monkeypatch.setattr(game, "make_hinter", Hinter)
    game.handle(HINT)
    assert his_code > 0
    if agree:
        assert game.hint_move == his and game.hint_reason == ("chitarrella", his_code)
        assert game.hint_teacher == (-1, 0)
    else:
        assert game.hint_move == other and game.hint_reason == ("master", 2)
        assert game.hint_teacher == (his, his_code)


def test_bots_wait_for_the_pause_and_a_key_skips_it(pyportal):
    clock = Clock()
    game = choice_game(pyportal, clock)
    game.handle(RIGHT)
    game.handle(SELECT)  # Kc trails
    assert game.mode == MODE_BOTS and game.state.turn == 1
    clock.now += game_module.BOT_PAUSE_MS - 1
    game.tick()
    assert game.state.turn == 1
    clock.now += 1
    game.tick()
    assert game.state.turn == 2
    game.handle(SELECT)  # skip the pause
    game.tick()
    assert game.state.turn == 3
    assert "to play" in game.scene.turn.text


def shown_table(scene) -> set[int]:
    """The faces of the table cards drawn, framed or not."""
    return {scene.table_cards[i][0] % TILE_FRAMED for i in range(16)
            if not scene.table_cards[i].hidden}


def test_a_bots_capture_shows_framed_for_a_pause_before_the_cards_go(pyportal):
    clock = Clock()
    state = position(("Kc 2d", "7b", "Ks", "Kb"), "3b 4s Kd", turn=1)  # 7b must take 3b + 4s
    scene = make_scene(pyportal)
    game = Game(scene, easy_setup(), rules=state.rules, clock_ms=clock, state=state)
    game.start()
    clock.now += game_module.BOT_PAUSE_MS
    game.tick()  # the bot has chosen: the take shows, not made yet
    taking = set(cards("3b 4s 7b"))
    assert state.ply == 0 and game.mode == MODE_BOTS
    assert shown_table(scene) == taking | set(cards("Kd")) and highlighted(scene) == taking
    last = max(i for i in range(16) if not scene.table_cards[i].hidden)
    assert scene.table_cards[last][0] % TILE_FRAMED == cards("7b")[0]  # the card played last
    assert scene.counts[1].text.strip() == "0"  # the card left the bot's hand
    assert "Right: 7b takes" in scene.last_play.text  # the line tells the play on show
    game.attach(make_scene(pyportal))  # a table built again (after a text screen) shows it too
    assert highlighted(game.scene) == taking
    clock.now += game_module.BOT_PAUSE_MS - 1
    game.tick()
    assert state.ply == 0
    clock.now += 1
    game.tick()  # the pause is over: the capture is made
    assert state.ply == 1 and state.turn == 2
    assert shown_table(game.scene) == set(cards("Kd")) and not highlighted(game.scene)
    assert "Right: 7b takes" in game.scene.last_play.text


def test_a_key_makes_a_shown_capture_at_once_and_a_watched_hand_loses_the_card(pyportal):
    clock = Clock()
    setup = easy_setup()
    setup.set_mode(game_module.WATCH)
    state = position(("7b Kc", "Ks", "Kb", "Kd"), "3b 4s", turn=0)
    scene = make_scene(pyportal)
    game = Game(scene, setup, rules=state.rules, clock_ms=clock, state=state)
    game.start()
    game.handle(SELECT)  # skips the bot's pause
    game.tick()
    assert state.ply == 0 and highlighted(scene) == set(cards("3b 4s 7b"))
    assert [grid[0] for grid in scene.hand_cards if not grid.hidden] == cards("Kc")
    game.handle(SELECT)  # and the capture's
    game.tick()
    assert state.ply == 1 and shown_table(scene) == set()


def test_with_no_pause_a_capture_is_made_at_once(pyportal):
    # sim/mp/lib_heap.py plays with pause_ms 0, to measure a round without waiting.
    clock = Clock()
    state = position(("Kc 2d", "7b", "Ks", "Kb"), "3b 4s Kd", turn=1)
    game = Game(make_scene(pyportal), easy_setup(), rules=state.rules, clock_ms=clock,
                state=state)
    game.pause_ms = 0
    game.start()
    game.tick()
    assert state.ply == 1


@pytest.mark.parametrize(("pace", "pause"), [("normal", 700), ("fast", 300), ("slow", 1400)])
def test_the_setups_pace_sets_the_bots_pause(pyportal, pace, pause):
    clock = Clock()
    setup = easy_setup()
    setup.pace = pace
    state = position(("Kc 2d", "7b", "Ks", "Kb"), "3b 4s Kd", turn=1)
    game = Game(make_scene(pyportal), setup, rules=state.rules, clock_ms=clock, state=state)
    game.start()
    assert game.pause_ms == pause
    clock.now += pause - 1
    game.tick()
    assert game.taking < 0  # still waiting to play
    clock.now += 1
    game.tick()
    assert game.taking >= 0  # the capture on show, for as long again
    clock.now += pause
    game.tick()
    assert state.ply == 1
