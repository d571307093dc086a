"""Tests for the app (lib/app.py): every screen at every layout, headless, from input events.

A whole match against bots and a whole pass-and-play match from the title, for each layout,
with no display object made during the match but whole scenes (a TextScene for each text
screen, the TableScene again after it, drawn as it was); the privacy check at every step of
pass-and-play (no hand on screen but the viewer's, and the viewer is the person to play); a
monkey test of 15,000 random events across every screen; options, languages, decks, the
pause menu, hints, declaring out, saves (continue, a corrupt save) and statistics.
"""

from __future__ import annotations

import gc
import random
import sys
import types
import weakref
from array import array

import i18n
import pytest
import summaries
import taken_cards
import text_line
import text_screens
from app import COVER_QUIET_MS, App
from game import MODE_BOTS, MODE_CHOOSE, MODE_PLAY
from input_events import BACK, DOWN, HINT, LEFT, RIGHT, SELECT, TOUCH, UP
from match_setup import PRESETS, MatchSetup

from conftest import cards, position
from engine import scoring
from engine.cards import card_name
from engine.layout import HAND_OVER, PILE, TERMINAL
from engine.moves import MAX_MOVES
from engine.observe import CARD, OWN_PILE
from engine.rules import Rules
from engine.state import State
from sim import display as sim_display
from sim import simulator
from sim.speaker import SilentSpeaker

LAYOUT_BOARDS = ("pyportal", "pico-display", "pybadge")  # one board per layout


class Clock:
    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now


@pytest.fixture(params=LAYOUT_BOARDS)
def shown(request):
    display = sim_display.open_display(request.param, headless=True)
    yield display
    display.close()


def make_app(display, save_dir=None, speaker=None, **options) -> tuple[App, Clock]:
    setup = MatchSetup()
    setup.level = "easy"
    for name, value in options.items():
        setattr(setup, name, value)
    clock = Clock()
    app = simulator.build(display.board, display, setup, clock, save_dir, speaker)
    return app, clock


@pytest.fixture(autouse=True)
def no_collections(monkeypatch):
    """The app collects garbage at each change of scene, for a board's heap; on CPython a
    collection takes about 20 ms, which would triple the monkey test's time."""
    import app as app_module

    monkeypatch.setattr(app_module, "gc", types.SimpleNamespace(collect=lambda: 0))


@pytest.fixture
def scenes(monkeypatch) -> dict:
    """How many scenes the App builds: {"text": TextScenes, "table": TableScenes}."""
    built = {"text": 0, "table": 0}
    for kind in built:
        name = "_new_%s_scene" % kind
        original = getattr(App, name)

        def counting(app, __original=original, __kind=kind):
            built[__kind] += 1
            return __original(app)

        monkeypatch.setattr(App, name, counting)
    return built


def only_whole_scenes_made(app: App, counter: dict, before: dict, texts: int,
                           tables: int) -> None:
    """Since ``before``, the display objects made are those of ``texts`` TextScenes and
    ``tables`` TableScenes."""
    made = {name: counter[name] - before[name] for name in counter}
    per_scene = {}
    for kind in ("text", "table"):
        one = dict(counter)
        getattr(App, "_new_%s_scene" % kind)(app)
        per_scene[kind] = {name: counter[name] - one[name] for name in counter}
    assert texts > 0 and tables > 0
    assert made == {name: texts * per_scene["text"][name] + tables * per_scene["table"][name]
                    for name in counter}, "display objects made beyond whole scenes"


def scene_drawing(scene) -> list:
    """What a table scene draws: every tile with its place, every text line with its colour."""
    drawn = []
    for layer in scene.group:
        if hasattr(layer, "width") and layer.hidden:  # a TileGrid not drawn
            drawn.append(("hidden",))
        elif hasattr(layer, "width"):
            drawn.append(("tile", [layer[i] for i in range(layer.width * layer.height)],
                          layer.x, layer.y))
    for label in [scene.last_play, scene.turn] + scene.scores + scene.scopes + scene.counts[1:]:
        drawn.append(("text", label.text, label.color))
    return drawn


def pick(app: App, key: str) -> None:
    """Move the menu cursor to item ``key`` with DOWN and press SELECT."""
    assert key in app.items, (key, app.items)
    while app.items[app.cursor] != key:
        app.handle(DOWN)
    app.handle(SELECT)


def screen_text(app: App) -> str:
    return "\n".join(app.text_scene.text())


def touch_row(app: App, row: int) -> None:
    """Touch text row ``row`` of the screen on show, near its top left (a row's line is a
    scale-1 TileGrid, whose ``y`` is the row's top)."""
    app.handle(TOUCH, 10, app.text_scene.lines[row].layer.y + 2)


def item_row(app: App, key: str) -> int:
    """The text row that shows menu item ``key``: the cursor's row, moved as far as the item
    is from the selected one."""
    return app.text_scene.cursor + app.items.index(key) - app.cursor


def face_up_hand(app: App) -> list[int]:
    """The card faces of the hand tiles on screen (backs and hidden tiles left out)."""
    scene = app.table_scene
    return [grid[0] for grid in scene.hand_cards if not grid.hidden and grid[0] < 40]


def play_on(app: App, clock: Clock, chooser: random.Random, check=None,
            max_steps: int = 30000) -> set[str]:
    """Answer every screen sensibly until the match ends; returns the screens seen."""
    seen = set()
    for _ in range(max_steps):
        if check is not None:
            check(app)
        seen.add(app.screen)
        if app.screen == "match_end":
            return seen
        answer(app, clock, chooser)
    raise AssertionError("the match did not end in %d steps" % max_steps)


def to_the_persons_turn(app: App, clock: Clock) -> None:
    """Let the bots' pauses pass until it is the person's turn to play."""
    while app.game.mode != MODE_PLAY:
        clock.now += 700
        app.tick()


def answer(app: App, clock: Clock, chooser: random.Random) -> None:
    """One step of a match: a key for the screen shown (a bot's wait let pass), then a tick."""
    if app.screen == "table":
        mode = app.game.mode
        if mode == MODE_BOTS:
            clock.now += 700
        elif mode == MODE_CHOOSE:
            app.handle(chooser.choice((LEFT, RIGHT, SELECT, SELECT)))
        else:
            app.handle(chooser.choice((LEFT, RIGHT, SELECT, SELECT, SELECT)))
    else:  # cover, hand end
        if app.screen == "cover":
            clock.now += COVER_QUIET_MS  # the board handed over (lib/app.py)
        app.handle(SELECT)
    app.tick()


# --- whole matches ---------------------------------------------------------------------------


def test_match_against_bots_from_the_title_without_new_display_objects(shown,
                                                                       construction_counter,
                                                                       scenes):
    app, clock = make_app(shown)
    assert app.screen == "title" and app.table_scene is None
    pick(app, "vs_bots")
    assert app.screen == "table" and app.game.setup.people == 1
    assert app.text_scene is None  # gone with the title, and the text screens' code with it
    assert "text_scene" not in sys.modules and "text_screens" not in sys.modules
    built = dict(construction_counter)
    before = dict(scenes)
    seen = play_on(app, clock, random.Random(1))
    shown.refresh()
    assert {"table", "hand_end", "match_end"} <= seen
    assert app.table_scene is None and app.text_scene is not None
    only_whole_scenes_made(app, construction_counter, built, scenes["text"] - before["text"],
                           scenes["table"] - before["table"])
    assert "win" in app.text_scene.title.text
    pick(app, "again")
    assert app.screen == "table" and tuple(app.game.state.score) == (0, 0)


def check_privacy(app: App) -> None:
    """Nothing on screen shows a hand to the wrong person."""
    game = app.game
    if game is None or game.setup.people == 0:  # watching bots: seat 0's hand is no secret
        return
    if app.screen != "table":
        assert app.table_scene is None, "the table is kept behind screen %s" % app.screen
        return
    hand = face_up_hand(app)
    if not hand:
        return
    viewer = game.viewer
    assert viewer >= 0 and game.is_person(viewer), "a hand is up with no person viewing"
    assert sorted(hand) == sorted(game.state.hand_cards(viewer)), "not the viewer's hand"
    turn = game.state.turn
    if game.is_person(turn) and game.mode in (MODE_PLAY, MODE_CHOOSE):
        assert turn == viewer, "seat %d's hand is up during seat %d's turn" % (viewer, turn)


@pytest.mark.parametrize(("seats", "seed"), [((1, 2, 0, 0), 3), ((1, 0, 2, 3), 4),
                                             ((1, 2, 3, 4), 5)])
def test_pass_and_play_match_never_shows_a_hand_to_the_wrong_person(shown, seats, seed,
                                                                    construction_counter,
                                                                    scenes):
    app, clock = make_app(shown)
    clock.now = seed
    pick(app, "pass")
    for seat in range(4):
        while app.pass_seats[seat] != seats[seat]:
            pick(app, "seat%d" % seat)
    pick(app, "start")
    assert app.game is not None and app.game.setup.people == sum(1 for n in seats if n)
    built = dict(construction_counter)
    before = dict(scenes)
    covers = []

    def check(app):
        check_privacy(app)
        if app.screen == "cover" and (not covers or covers[-1] != app.game.cover_name):
            covers.append(app.game.cover_name)

    seen = play_on(app, clock, random.Random(seed), check)
    assert {"cover", "table", "hand_end", "match_end"} <= seen
    names = {app.game.setup.names[n - 1] for n in seats if n}
    assert set(covers) == names  # every person was passed the device
    only_whole_scenes_made(app, construction_counter, built, scenes["text"] - before["text"],
                           scenes["table"] - before["table"])
    cover_title = app.texts["pass_to"] % covers[0]
    assert cover_title


@pytest.mark.parametrize("language", ["en", "it"])
def test_hand_end_columns_stay_apart_and_line_up(shown, language):
    # Watching bots, the columns are named by team ("Team A", "Coppia A"), which a narrow
    # screen shows as the letters: every header cell stands apart and ends where its
    # column's numbers end.
    app, clock = make_app(shown, language=language)
    pick(app, "watch")
    while app.screen != "hand_end":
        answer(app, clock, random.Random(0))
    lines = app.text_scene.text()[1:]  # the header, then the hand's rows
    header = lines[0]
    teams = app.texts["team_cols"]
    cells = (teams if teams[0] in header else ("A", "B")) + (app.texts["columns"][3],)
    ends = []
    for cell in cells:
        start = header.index(cell, ends[-1] if ends else 0)
        assert header[start - 1] == " ", header  # apart from what comes before
        ends.append(start + len(cell))
    for row in lines[1:4]:  # cards, denari, settebello: a value in every column
        row = row.rstrip()
        row_ends = [i + 1 for i in range(len(row)) if row[i] != " " and
                    (i + 1 == len(row) or row[i + 1] == " ")]
        assert row_ends[-3:] == ends, (header, row)
    assert lines[3].startswith(app.texts["rows"][2])  # "Settebello" keeps its room


def test_the_hand_that_decides_the_match_leads_to_the_result(shown):
    app, clock = make_app(shown)
    pick(app, "vs_bots")
    app.game.state.score[0] = 50  # over the target: this hand decides the match (C-24)
    chooser = random.Random(1)
    while app.screen != "hand_end":
        answer(app, clock, chooser)
    assert app.game.match_over
    assert app.text_scene.footer.text.strip() == text_screens.help_line(app, "result_help")
    app.handle(SELECT)
    assert app.screen == "match_end"


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_tie_at_the_target_says_the_match_plays_on(language):
    # C-24: both sides at the target with equal scores play another hand; the hand's title
    # says so, and no longer once a hand decides it.
    texts = i18n.texts(language)
    state = State(Rules("chitarrella"), 3)
    state.deal()
    moves = array("i", bytes(4 * MAX_MOVES))
    while state.phase != HAND_OVER:
        state.legal_moves(moves)
        state.apply(moves[0])
    totals = array("h", bytes(2 * scoring.SIZE))
    scoring.score_hand(state, totals)
    for team in (0, 1):  # both end the hand on 20
        state.score[team] = 20 - totals[scoring.TOTAL + team]
    state.end_hand()
    assert state.match.overtime and state.phase != TERMINAL
    title, _ = summaries.hand_rows(state, texts)
    assert title.endswith(texts["play_on"]) and len(title) <= 26  # the smallest screen's
    state.match.winner = 0
    state.phase = TERMINAL  # as a hand that decides it leaves the state
    assert not summaries.hand_rows(state, texts)[0].endswith(texts["play_on"])


def _primiera_cards_shown(app: App) -> list[list[str]]:
    """Each side's primiera cards as the hand end shows them: a row a side ("Primiera Us: 7d
    6c Ab 7s"), or both on one row ("Primiera 7d 6c Ab 7s / Kd - 5b 6s"); [] if not shown."""
    label = app.texts["rows"][3]
    lines = [line.strip() for line in app.text_scene.text()[1:-1]]
    assert all(len(line) <= app.text_scene.chars for line in lines)
    shown_rows = [line for line in lines if ":" in line and line.split(":")[1].strip()]
    if shown_rows:
        assert len(shown_rows) == 2
        for team, line in enumerate(shown_rows):
            assert line.startswith((label + " ", app.texts["columns"][1 + team]))
        return [line.split(": ")[1].split() for line in shown_rows]
    shared = [line for line in lines if "/" in line]
    if not shared:
        return []
    (line,) = shared
    assert label.startswith(line.split()[0])  # the label, cut short on a narrow screen
    return [side.split() for side in line.split(None, 1)[1].split("/")]


def _check_primiera_cards(app: App, shown_cards: list[list[str]]) -> None:
    state = app.game.state
    names = {app.game.card_name(card): card for card in range(40)}
    for team, side in enumerate(shown_cards):
        assert len(side) == 4
        total = sum(state.rules.primiera[names[name] % 10] for name in side if name != "-")
        primiera = state.hand_points[scoring.PRIMIERA + team]
        assert total == primiera or ("-" in side and primiera == scoring.INCOMPLETE)
        for suit, name in enumerate(side):
            assert name == "-" or names[name] // 10 == suit


def test_the_hand_end_names_the_cards_of_each_primiera(shown):
    # Under the totals, each side's best card of each suit (C-18), whose values add up to the
    # total the Primiera row shows; "-" for a suit a side took none of (C-22).
    app, clock = make_app(shown)
    pick(app, "vs_bots")
    chooser = random.Random(1)
    while app.screen != "hand_end":
        answer(app, clock, chooser)
    shown_cards = _primiera_cards_shown(app)
    assert len(shown_cards) == 2 and "/" not in screen_text(app)  # a row a side
    _check_primiera_cards(app, shown_cards)


@pytest.mark.parametrize("rules", [{"re_bello": True}, {"napola": "full"},
                                   {"re_bello": True, "napola": "full"}])
def test_the_primiera_cards_share_a_row_when_the_rules_add_rows(shown, rules):
    # Re bello or napola adds a row of points: a small screen then has one row left, and the
    # two sides' cards share it; with both on it has none (a large screen keeps a row each).
    app, clock = make_app(shown, **rules)
    pick(app, "vs_bots")
    chooser = random.Random(1)
    while app.screen != "hand_end":
        answer(app, clock, chooser)
    shown_cards = _primiera_cards_shown(app)
    points_rows = 7 + len(rules)  # the header, the hand's rows and the match score
    free = app.text_scene.rows - points_rows
    assert len(shown_cards) == (2 if free else 0)
    assert ("/" in screen_text(app)) == (free == 1)
    _check_primiera_cards(app, shown_cards)


def test_primiera_cards_take_the_best_of_each_suit_and_mark_a_missing_one():
    state = position(("", "", "", ""), "")
    for card in cards("Jd Kd Qd 7c 6c Ab"):  # figures all 10: the highest rank
        state.put_in_pile(card, 0)
    for card in cards("7d 2s"):
        state.put_in_pile(card, 1)
    assert summaries.primiera_cards(state, card_name) == ("Kd 7c Ab -", "7d - - 2s")


@pytest.mark.parametrize("language", ["en", "it"])
def test_watching_bots_shows_whole_two_digit_scores(shown, language):
    from game import TEAM_LETTERS

    app, clock = make_app(shown, language=language)
    pick(app, "watch")
    game = app.game
    game.state.score[0], game.state.score[1] = 31, 27
    for _ in range(100):  # until a bot plays: the view is drawn again, with these scores
        clock.now += 1000
        app.tick()
        if game.state.ply:
            break
    assert game.state.ply == 1
    for row, score in ((0, 31), (1, 27)):
        shown_text = app.table_scene.scores[row].text.strip()
        assert shown_text in [app.texts["score"] % (name, score)
                              for name in (app.texts["team_cols"][row], TEAM_LETTERS[row])]


def test_pass_and_play_names_no_one_you_before_anyone_is_shown(shown):
    app, clock = make_app(shown)
    clock.now = 4
    pick(app, "pass")
    for seat, person in enumerate((0, 1, 0, 2)):  # bots at seats 0 and 2
        while app.pass_seats[seat] != person:
            pick(app, "seat%d" % seat)
    pick(app, "start")
    you = app.texts["seats"][0]
    seen = 0
    for _ in range(400):
        game = app.game
        if game.viewer >= 0:
            break
        if app.screen == "table":
            scene = app.table_scene
            assert scene.turn.text.strip() != app.texts["your_turn"]
            assert not scene.last_play.text.strip().startswith(you + ":")
            assert not scene.last_play.text.strip().startswith("Scopa! " + you + ":")
            seen += 1
        answer(app, clock, random.Random(0))
    assert seen and game.viewer >= 0


def test_pass_and_play_match_end_names_a_declaring_bot_for_the_whole_table(shown):
    # The result screen is read by everyone at the table, so a bot that declared out is
    # named by its compass point, not as "Right" from whoever held the device last.
    app, clock = make_app(shown, tre_gradi=True)
    pick(app, "pass")
    for seat, person in enumerate((1, 0, 2, 0)):  # bots at seats 1 and 3
        while app.pass_seats[seat] != person:
            pick(app, "seat%d" % seat)
    pick(app, "start")
    assert app.game.rules.declare_out
    bot = app.game.bots[1]
    bot.wants_declare = lambda obs: app.game.state.turn == 1  # seat 1 claims at once
    chooser = random.Random(2)
    for _ in range(200):
        if app.screen == "match_end":
            break
        answer(app, clock, chooser)
    assert app.screen == "match_end" and app.game.state.match.declarer == 1
    text = screen_text(app)
    assert app.texts["compass"][1] in text and app.texts["seats"][3] not in text


def spell(app: App, name: str, touch: bool = False) -> None:
    """Spell ``name`` on the spelling screen: each letter's group, then the letter (by the
    cursor and SELECT, or by touching the rows), then Done."""
    def choose(key):
        if not touch:
            pick(app, key)
            return
        touch_row(app, item_row(app, key))

    for letter in name:
        choose(next(group for group in ("ABCDEF", "GHIJKL", "MNOPQR", "STUVWX", "YZ")
                    if letter.upper() in group))
        assert app.screen == "letters"
        choose(letter)
    choose("done")


def test_people_spell_their_names_and_keep_them(shown, tmp_path):
    app, _ = make_app(shown, tmp_path)
    pick(app, "pass")
    pick(app, "names")
    assert app.screen == "names" and app.setup.names[1] in screen_text(app)
    pick(app, "name1")
    assert app.screen == "spell"
    spell(app, "Ugo", touch=shown.board.touch)
    assert app.screen == "names" and app.setup.names[1] == "Ugo"
    assert app.items[app.cursor] == "name1" and "Ugo" in screen_text(app)
    import settings

    assert settings.load(str(tmp_path)).names[1] == "Ugo"  # kept at once
    pick(app, "name0")  # Delete, a refusal of an empty name, the length limit
    pick(app, "delete")  # nothing to delete: still nothing
    pick(app, "done")
    assert app.screen == "spell" and app.text_scene.footer.text.strip() == \
        app.texts["name_empty"]
    spell(app, "Rossellini")  # ten letters: the last two are refused, and said
    assert app.setup.names[0] == "Rosselli"
    pick(app, "name3")
    for _ in range(9):
        pick(app, "ABCDEF")
        pick(app, "a" if "a" in app.items else "A")
    assert app.text_scene.title.text.strip().endswith(": Aaaaaaaa_")
    assert app.text_scene.footer.text.strip() == app.texts["name_full"] % 8
    app.handle(BACK)
    assert app.setup.names[3] == "Dario"
    pick(app, "name2")
    spell(app, "Li")
    pick(app, "name2")
    pick(app, "ABCDEF")
    pick(app, "back")  # back to the spelling, the letters so far kept
    assert app.screen == "spell" and app.text_scene.title.text.strip().endswith(": _")
    app.handle(BACK)  # leaves the name as it was
    assert app.screen == "names" and app.setup.names[2] == "Li"
    pick(app, "name2")
    pick(app, "back")  # so does the Back row, which a touchscreen needs
    assert app.screen == "names" and app.setup.names[2] == "Li"
    app.handle(BACK)
    assert app.screen == "players" and app.items[app.cursor] == "names"
    assert "Ugo" in screen_text(app)
    app.handle(BACK)  # the title keeps the names for the next start
    assert settings.load(str(tmp_path)).names[:3] == ["Rosselli", "Ugo", "Li"]


def test_cover_hides_the_table_and_names_the_next_person(shown):
    app, clock = make_app(shown)
    pick(app, "pass")
    pick(app, "start")  # Anna at seat 0, Bruno at seat 2 (partners), bots between
    game = app.game
    assert app.screen == "cover" and app.table_scene is None
    name = game.cover_name
    assert name in ("Anna", "Bruno") and name in app.text_scene.title.text
    app.handle(LEFT)  # only SELECT or a touch goes on
    assert app.screen == "cover"
    app.handle(SELECT)  # pressed right after Start: the board has not been handed over
    assert app.screen == "cover"
    clock.now += COVER_QUIET_MS
    app.handle(SELECT)
    assert app.screen == "table" and game.setup.name_at(game.viewer) == name
    assert sorted(face_up_hand(app)) == sorted(game.state.hand_cards(game.viewer))


@pytest.mark.parametrize("every_ms", [300, 450, 900])
def test_taps_that_hurry_the_bots_never_lift_the_next_persons_cover(shown, every_ms):
    # Anna (seat 0) plays, then taps Select every ``every_ms`` to hurry the bots; when the
    # cover for Bruno (seat 3, after the bots at 1 and 2) comes up, her taps must not lift
    # it: only a press after COVER_QUIET_MS without any does, as the board changes hands.
    app, clock = make_app(shown)
    app.pass_seats[:] = bytearray((1, 0, 0, 2))
    pick(app, "pass")
    pick(app, "start")
    game = app.game
    state = game.state
    while not (app.screen == "table" and game.viewer == 0 and game.mode == MODE_BOTS
               and state.current_seat() == 1):  # until Anna has just played
        if app.screen == "cover":
            clock.now += COVER_QUIET_MS
            app.handle(SELECT)
        elif game.mode == MODE_BOTS:
            clock.now += 700
        else:
            app.handle(SELECT)  # a person plays
        app.tick()
    for _ in range(12):  # her taps, the bots' turns hurried, then Bruno's cover
        app.handle(SELECT)
        app.tick()
        assert app.screen == "cover" or game.viewer == 0, "Bruno's hand was shown"
        clock.now += every_ms
    assert app.screen == "cover" and game.cover_name == "Bruno"
    clock.now += COVER_QUIET_MS
    app.handle(SELECT)  # Bruno, handed the board
    assert app.screen == "table" and game.viewer == 3


def test_the_cover_opens_a_menu_that_keeps_the_hands_hidden(shown):
    # Nobody may have to show the next person's hand to pause or quit (pass-and-play).
    app, clock = make_app(shown)
    pick(app, "pass")
    pick(app, "start")
    assert app.screen == "cover"
    back_key = app.board.keys[1]
    assert app.texts["cover_help"] in screen_text(app) and "%" not in app.texts["cover_help"]
    if app.board.touch:  # no BACK button: a touch on the cover's menu line
        touch_row(app, app.text_scene.rows - 2)
    else:
        assert back_key in app.texts["cover_help"]
        app.handle(BACK)
    assert app.screen == "pause" and app.items == ("resume", "quit")
    pick(app, "resume")
    assert app.screen == "cover"  # back behind the cover, not at the table
    app.handle(BACK)
    app.handle(BACK)  # BACK on the pause menu resumes too
    assert app.screen == "cover"
    app.handle(BACK)
    pick(app, "quit")
    assert app.screen == "title" and app.table_scene is None


def test_pass_and_play_covers_the_hands_after_every_hand_and_match_end(shown):
    # The end of a hand or a match is on screen for everyone: whoever goes on, no hand shows
    # until the next person has been passed the device, "Play again" included.
    app, clock = make_app(shown)
    pick(app, "pass")
    pick(app, "start")
    chooser = random.Random(7)
    ended = again = False
    for _ in range(5000):
        if app.screen in ("hand_end", "match_end"):
            ended = True
        elif app.screen == "cover":
            ended = False
        elif app.screen == "table" and face_up_hand(app):
            assert not ended, "a hand shows before a cover, after the end of a hand or match"
        if app.screen == "match_end":
            if again:
                break
            again = True
            pick(app, "again")
            continue
        answer(app, clock, chooser)
    assert again and app.screen == "match_end"


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_cover_tells_the_plays_the_next_person_missed(shown, language):
    app, clock = make_app(shown, language=language)
    pick(app, "pass")
    pick(app, "start")
    covers = 0
    chooser = random.Random(3)
    for _ in range(400):
        game = app.game
        if app.screen == "cover" and game.state.ply:
            covers += 1
            state = game.state
            rows = [line.strip() for line in app.text_scene.text()[1:]]
            assert rows[0] == app.texts["since_turn"]
            shown_plays = rows[1:1 + min(3, state.ply)]
            for line, ply in zip(shown_plays, range(max(0, state.ply - 3), state.ply),
                                 strict=True):
                who, card, _, _, _ = state.play_info(ply)
                assert game.card_name(card) in line  # each play, in order, whole
                assert len(line) <= app.text_scene.chars
                if game.is_person(who):  # people by name
                    assert game.setup.name_at(who) in line
            assert not rows[1 + min(3, state.ply)]  # nothing more
        if covers >= 4 or app.screen == "match_end":
            break
        answer(app, clock, chooser)
    assert covers >= 4


def test_watching_bots_plays_a_match_with_no_person(shown):
    app, clock = make_app(shown)
    pick(app, "watch")
    game = app.game
    assert game.setup.people == 0 and game.mode == MODE_BOTS
    app.handle(HINT)  # no hints for bots
    assert app.screen == "table"
    # no one is "you": South's turn is South's, the teams go by letter
    scene = app.table_scene
    turns = set()
    for _ in range(8):
        turns.add(scene.turn.text.strip())
        clock.now += 700
        app.tick()
    south = app.texts["turn"] % app.texts["compass"][0]
    told = app.texts["watch_turn"] % app.texts["compass"][0]  # with the way to the menu
    assert (told if len(told) <= scene.turn.chars else south) in turns
    assert "menu" in told and app.texts["your_turn"] not in turns
    assert scene.scores[0].text.startswith(app.texts["team_cols"][0])
    seen = play_on(app, clock, random.Random(2))
    assert "cover" not in seen and "team" in app.text_scene.title.text.lower()


@pytest.mark.parametrize("language", ["en", "it"])
def test_watching_bots_every_seats_turn_line_says_how_to_reach_the_menu(shown, language):
    # The only way out of a watched match is the pause menu: on a touchscreen (no BACK
    # button) the turn line is all that says a touch opens it, so it must fit every seat.
    # A board with buttons says it where the line has room (not the 240x135 screen's).
    app, clock = make_app(shown, language=language)
    pick(app, "watch")
    chars = app.table_scene.turn.chars
    told = [app.texts["watch_turn"] % compass for compass in app.texts["compass"]]
    if shown.board.touch:
        assert max(len(line) for line in told) <= chars, told
    plain = [app.texts["turn"] % compass for compass in app.texts["compass"]]
    assert list(app.game.scene.texts["turns"]) == [
        line if len(line) <= chars else seat for line, seat in zip(told, plain, strict=True)]


# --- monkey test -------------------------------------------------------------------------------


@pytest.mark.parametrize("board_name", LAYOUT_BOARDS)
def test_monkey_15000_random_events_across_every_screen(board_name, tmp_path):
    """15,000 random events (any key, touches anywhere, time jumps) from the title on, with a
    speaker where the board has one (a bot waits for a tune, the pause menu has Sound): the
    PyBadge's walk took 13,081 to end a match in the forty-first session."""
    display = sim_display.open_display(board_name, headless=True)
    try:
        speaker = SilentSpeaker() if display.board.speaker else None  # its pause menu's Sound
        app, clock = make_app(display, tmp_path, speaker,
                              review_captures="own_pile")  # every screen
        chooser = random.Random(board_name)
        codes = (LEFT, RIGHT, UP, DOWN, SELECT, SELECT, SELECT, BACK, HINT, TOUCH, TOUCH)
        seen = set()
        for step in range(15000):
            code = chooser.choice(codes)
            x = chooser.randrange(-5, display.board.width + 5)
            y = chooser.randrange(-5, display.board.height + 5)
            if app.screen == "options" and chooser.random() < 0.7:
                code = BACK  # the options are a maze of settings: do not stay long
            elif app.screen == "players" and chooser.random() < 0.5:  # head for "start"
                code = SELECT if app.items[app.cursor] == "start" else DOWN
            app.handle(code, x, y)
            clock.now += chooser.choice((0, 0, 50, 700, 5000))
            app.tick()
            seen.add(app.screen)
            check_privacy(app)
            if step % 2500 == 0:
                display.refresh()
        assert seen == {"title", "options", "howto", "players", "names", "spell", "letters",
                        "stats", "table", "pause", "hint", "captures", "cover", "hand_end",
                        "match_end"}, seen  # every screen
        assert speaker is None or speaker.notes  # the tunes played where there is a speaker
    finally:
        display.close()


# --- menus -------------------------------------------------------------------------------------


def test_options_cycle_values_and_a_preset_sets_its_own(shown):
    app, _ = make_app(shown)
    pick(app, "options")
    assert app.screen == "options"
    pick(app, "preset")  # chitarrella -> figs
    pick(app, "preset")  # figs -> dieci: 10 cards each, target 21
    assert app.setup.preset == "dieci" and app.setup.target == 21
    assert app.setup.deal_shape == "10+0"
    pick(app, "tre_gradi")  # a modifier, not an edit of the preset
    assert app.setup.tre_gradi and "dieci\n" in screen_text(app)
    for _ in range(len(PRESETS)):  # round the presets: the modifier stays on with each
        pick(app, "preset")
        assert app.setup.tre_gradi and app.setup.rules().declare_out
    assert app.setup.preset == "dieci"
    pick(app, "tre_gradi")
    pick(app, "target")
    assert app.setup.target == 31
    pick(app, "re_bello")
    assert app.setup.re_bello and app.setup.rules().re_bello
    text = screen_text(app)
    assert "dieci*" in text and "31" in text  # the * says an option differs from the preset
    for _ in range(3):  # 31 -> 11 -> 16 -> 21, dieci's own target
        pick(app, "target")
    pick(app, "re_bello")
    assert "dieci*" not in screen_text(app)
    pick(app, "review_captures")  # none -> first_capture (C-27's tolerance)
    assert app.setup.rules().review == 1 and "dieci*" in screen_text(app)
    assert app.texts["review_names"][1] in screen_text(app)
    pick(app, "review_captures")  # -> own_pile, which lets partners count their pile too
    rules = app.setup.rules()
    assert rules.review == 2 and rules.count_own_pile
    pick(app, "review_captures")
    assert app.setup.review_captures == "none" and "dieci*" not in screen_text(app)
    pick(app, "pace")  # the bots' pace is no rule: the preset stays as it is
    assert app.setup.pace == "fast" and "dieci*" not in screen_text(app)
    app.handle(BACK)
    assert app.screen == "title"
    pick(app, "vs_bots")
    assert app.game.pause_ms == 300


def test_refused_rules_leave_the_setup_and_say_why(shown):
    app, _ = make_app(shown)
    pick(app, "options")
    app.setup.target = 0  # no menu gives this; the engine refuses it
    before = app.setup.copy()
    pick(app, "re_bello")
    assert app.setup == before
    assert "target must be in 1..200" in app.text_scene.footer.text


def test_italian_texts_and_french_cards(shown):
    app, clock = make_app(shown)
    pick(app, "language")
    assert app.setup.language == "it" and "Gioca coi bot" in screen_text(app)
    pick(app, "options")
    pick(app, "deck")
    assert app.setup.deck == "french"
    app.handle(BACK)
    pick(app, "vs_bots")
    assert app.game.card_name(0) == "Aq" and app.game.card_name(39) == "Kp"  # quadri, picche
    while app.game.mode == MODE_BOTS:
        clock.now += 700
        app.tick()
    if app.screen == "table" and app.game.mode == MODE_PLAY:
        assert "Tocca a te" in app.table_scene.turn.text


def test_the_table_comes_back_from_a_text_screen_as_it_was(shown):
    # The app lets the table go for a text screen and builds it again from the game's view:
    # the new one must draw the same tiles, places and texts, a selection and a hint's take
    # among them.
    app, clock = make_app(shown)
    pick(app, "vs_bots")
    checked = 0
    while app.game.mode != 3 and checked < 12:  # until the match or 12 turns of ours
        clock.now += 700
        app.tick()
        if app.screen != "table":
            app.handle(SELECT)
        elif app.game.mode == MODE_PLAY:
            app.handle(RIGHT)
            if checked % 2:
                app.handle(HINT)  # the hint's screen, then back to the table
                app.handle(SELECT)
            old = app.table_scene
            drawn = scene_drawing(old)
            app.handle(BACK)
            assert app.screen == "pause" and app.table_scene is None
            pick(app, "resume")
            assert app.table_scene is not old and scene_drawing(app.table_scene) == drawn
            checked += 1
            app.handle(SELECT)
            if app.game.mode == MODE_CHOOSE:
                app.handle(SELECT)
    assert checked >= 6


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_hint_names_chitarrellas_other_play_on_every_screen(shown, language):
    # When Chitarrella's player would play another card, the hint screen says so under the
    # search's reason: with his reason in full where the rows allow, else its last part (his
    # rule's number), else his play alone. Under the search's longest reason, with the
    # longest words of a play in both places, every screen has the rows for his play and the
    # large one for every reason in full.
    from engine.bots import reasons

    app, clock = make_app(shown, language=language)
    pick(app, "vs_bots")
    to_the_persons_turn(app, clock)
    game = app.game
    count = game.state.legal_moves(game.moves)
    moves = sorted(game.moves[:count], key=lambda move: len(text_screens.hint_play(game, move)))
    game.hint_move = moves[-1]
    game.hint_reason = ("master", 2)  # the longest: "best for your side on average ..."
    longest = max(reasons.MASTER, key=len)
    assert reasons.MASTER[2] == longest
    for code in range(1, len(reasons.CHITARRELLA)):
        game.hint_teacher = (moves[-2], code)
        text_screens.show_hint(app)
        rows = [line.strip() for line in app.text_scene.text()[1:-1]]
        assert rows[0] == text_screens.hint_play(game, game.hint_move)
        words = i18n.reason(language, "chitarrella", code)
        play = app.texts["hint_teacher"] % text_screens.hint_play(game, moves[-2])
        said = ["%s (%s)" % (play, words), "%s (%s)" % (play, words.rsplit(": ", 1)[-1]),
                play]
        start = rows.index("", 2) + 1  # under the search's reason and a blank row
        shown_words = " ".join(row for row in rows[start:] if row)
        assert shown_words in said, (code, rows)
        assert shown_words == said[0] or shown.board.layout != "large"
    game.hint_teacher = (-1, 0)  # he agrees: the search's reason alone
    text_screens.show_hint(app)
    assert not any(app.texts["hint_teacher"].split(":")[0] in line
                   for line in app.text_scene.text())


def test_pause_menu_hint_and_quit(shown):
    app, clock = make_app(shown)
    pick(app, "vs_bots")
    to_the_persons_turn(app, clock)
    app.handle(BACK)
    assert app.screen == "pause" and "hint" in app.items
    make_hinter = app.game.make_hinter
    hinted = []

    def without_a_text_screen():
        hinted.append(app.text_scene is None)  # the pause menu is let go first
        return make_hinter()

    app.game.make_hinter = without_a_text_screen
    pick(app, "hint")
    assert app.screen == "hint" and hinted == [True]
    lines = app.text_scene.text()
    assert text_screens.hint_play(app.game, app.game.hint_move) in lines[1]
    assert any(line.strip() for line in lines[3:-1])
    app.handle(SELECT)
    assert app.screen == "table"
    assert app.table_scene.hand_cards[app.game.selected][0] == app.game.hint_move & 63
    assert app.game.view.highlight == (app.game.hint_move >> 6) & 0xFFFF  # shown once rebuilt
    app.handle(BACK)
    pick(app, "resume")
    assert app.screen == "table"
    app.handle(BACK)
    pick(app, "quit")
    assert app.screen == "title" and app.game is None


def _first_take(state, team: int) -> set:
    """The cards of ``team``'s first capture this hand, the taking card with what it took,
    from the play log (not from the observation the screen reads)."""
    ply = state.first_capture[team] - 1
    if ply < 0:
        return set()
    _, card, taken, _, _ = state.play_info(ply)
    return {card, *taken}


def _names_in(app: App, lines) -> set:
    names = {app.game.card_name(card): card for card in range(40)}
    return {names[word] for line in lines for word in line.replace("+", " ").split()
            if word in names}


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("review", ["none", "first_capture", "own_pile"])
def test_taken_cards_show_what_review_captures_allows(shown, review, language):
    # C-27: captured cards stay hidden, but for a side's first capture (first_capture) or its
    # own pile (own_pile) when the rules allow it; the pause menu offers them only then.
    app, clock = make_app(shown, review_captures=review, language=language)
    pick(app, "vs_bots")
    state = app.game.state
    chooser = random.Random(5)
    for _ in range(3000):  # a person's turn once both sides have taken
        if app.screen == "table" and app.game.mode == MODE_PLAY and all(state.first_capture):
            break
        answer(app, clock, chooser)
    else:
        pytest.fail("no side took")
    app.handle(BACK)
    assert ("captures" in app.items) == (review != "none")
    if review == "none":
        return
    pick(app, "captures")
    assert app.screen == "captures"
    headings, _, our_pile = taken_cards.WORDS[language]
    lines = [line.strip() for line in app.text_scene.text()]
    assert lines[0] == app.texts["captures"]
    if review == "first_capture":
        ours, theirs = lines.index(headings[0]), lines.index(headings[1])
        assert _names_in(app, lines[ours:theirs]) == _first_take(state, 0)
        assert _names_in(app, lines[theirs:]) == _first_take(state, 1)
        for team, at in ((0, ours), (1, theirs)):  # the taking card first, then what it took
            taker = state.play_info(state.first_capture[team] - 1)[1]
            assert lines[at + 1].split()[0] == app.game.card_name(taker)
    else:
        pile = {card for card in range(40) if state.where[card] == PILE}  # team 0's
        assert lines[1] == (our_pile[0] if len(pile) == 1 else our_pile[1] % len(pile))
        assert _names_in(app, lines[2:]) == pile
        for line in lines[2:]:  # a suit a line, in rank order
            cards = [card for card in range(40) if app.game.card_name(card) in line.split()]
            assert cards == sorted(cards) and len({card // 10 for card in cards}) <= 1
    assert app.text_scene.chars >= max(len(line) for line in lines)
    app.handle(SELECT)
    assert app.screen == "table" and "taken_cards" not in sys.modules


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("count", [0, 1, 3])
def test_our_pile_of_one_card_is_said_in_the_singular(shown, language, count, monkeypatch):
    # an ace on an empty table takes only itself (the ace sweep, RULES §7): a pile of one
    app, _ = make_app(shown, review_captures="own_pile", language=language)
    pick(app, "vs_bots")
    game = app.game
    real_observe = State.observe

    def observed(state, seat, out):  # the game's pile: the first ``count`` cards
        real_observe(state, seat, out)
        if state is game.state:
            for card in range(40):
                out[CARD + card] = OWN_PILE if card < count else 0

    monkeypatch.setattr(State, "observe", observed)  # a State has slots: patch the class
    app.handle(BACK)
    pick(app, "captures")
    said = {("en", 1): "Our pile, 1 card:", ("en", 3): "Our pile, 3 cards:",
            ("it", 1): "Nostre prese, 1 carta:", ("it", 3): "Nostre prese, 3 carte:",
            ("en", 0): "Our pile, 0 cards:", ("it", 0): "Nostre prese, 0 carte:"}
    assert app.text_scene.text()[1].strip() == said[language, count]
    if not count:  # an empty pile says so, as the first takes do
        assert app.text_scene.text()[2].strip() == taken_cards.WORDS[language][1]


@pytest.mark.parametrize("watch", [False, True])
def test_taken_cards_while_the_bots_play(shown, watch):
    # RULES §10 row 33: partners may look at their own pile at any time (own_pile), so the
    # pause menu offers it during the bots' turns too, for the person the table is shown to;
    # watching bots, no one's side is "ours"
    app, clock = make_app(shown, review_captures="own_pile")
    pick(app, "watch" if watch else "vs_bots")
    state = app.game.state
    chooser = random.Random(7)
    for _ in range(3000):  # the bots' turn once the person's side has taken
        if app.screen == "table" and app.game.mode == MODE_BOTS and state.first_capture[0]:
            break
        answer(app, clock, chooser)
    else:
        pytest.fail("the person's side never took")
    played = state.ply
    app.handle(BACK)
    assert app.screen == "pause" and "hint" not in app.items
    assert ("captures" in app.items) != watch
    if watch:
        return
    pick(app, "captures")
    pile = {card for card in range(40) if state.where[card] == PILE}  # team 0's, the person's
    assert _names_in(app, app.text_scene.text()[2:]) == pile
    app.handle(SELECT)
    assert app.screen == "table" and state.ply == played  # the bots waited
    while state.ply == played:
        answer(app, clock, chooser)


def test_title_menus_leave_sys_modules_during_a_match():
    """lib/title_menus.py, lib/match_options.py and lib/i18n.py go when a match starts and
    nothing the App keeps refers to their functions (on MicroPython a function keeps its
    module's globals alive); the title loads them again."""
    dropped = ("title_menus", "match_options", "i18n")
    for name in dropped:
        sys.modules.pop(name, None)  # copies of their own: conftest keeps earlier tests' copy
    display = sim_display.open_display("pybadge", headless=True)
    try:
        app, clock = make_app(display)
        import i18n
        import match_options
        import title_menus

        alive = [weakref.ref(title_menus.show_title), weakref.ref(match_options.rules),
                 weakref.ref(i18n.texts)]
        del title_menus, match_options, i18n
        pick(app, "vs_bots")
        assert app.screen == "table"
        assert not [name for name in dropped if name in sys.modules]
        gc.collect()
        assert [ref() for ref in alive] == [None, None, None]
        while app.game.mode != MODE_PLAY:
            clock.now += 700
            app.tick()
        app.handle(HINT)  # a hint's reason loads the words for a moment
        assert app.screen == "hint" and "i18n" not in sys.modules
        app.handle(BACK)  # back to the table
        app.handle(BACK)
        pick(app, "quit")
        assert app.screen == "title" and "title_menus" in sys.modules
    finally:
        display.close()


def test_touching_the_score_opens_the_pause_menu():
    display = sim_display.open_display("pyportal", headless=True)
    try:
        app, _ = make_app(display)
        pick(app, "vs_bots")
        x, y, _, _ = app.table_scene.layout.score[0]
        app.handle(TOUCH, x + 3, y + 3)
        assert app.screen == "pause"
        touch_row(app, 0)  # the first row: resume
        assert app.screen == "table"
    finally:
        display.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_turn_line_tells_the_player_where_the_menu_is(shown, language):
    app, clock = make_app(shown, language=language)
    pick(app, "vs_bots")
    to_the_persons_turn(app, clock)
    said = app.table_scene.turn.text.strip()
    words = i18n.texts(language)
    if shown.board.touch:  # the score opens the pause menu (no BACK button)
        told = words["your_turn_touch"][0]
    else:  # the BACK button, by its label: "Your turn (menu: B)"
        told = words["your_turn_keys"][0] % shown.board.keys[1]
    fits = len(told) <= app.table_scene.turn.chars
    assert said == (told if fits else words["your_turn"])  # never cut short
    assert fits or shown.board.name == "pico-display"  # 1.14": "Your turn" alone
    # a match keeps only the words it shows
    assert "your_turn_touch" not in app.texts and "your_turn_keys" not in app.texts
    assert "watch_turn" not in app.texts  # a watched match's words only


def test_watching_bots_on_a_touch_board_any_touch_opens_the_menu():
    # The turn line names the seat to play, with no room for "(menu: score)": watching,
    # there is no hand to touch, so a touch anywhere is the way out.
    display = sim_display.open_display("pyportal", headless=True)
    try:
        app, clock = make_app(display)
        pick(app, "watch")
        app.handle(TOUCH, display.board.width // 2, display.board.height // 2)
        assert app.screen == "pause"
        pick(app, "resume")
        assert app.screen == "table"
        app.handle(TOUCH, 5, display.board.height - 5)  # a corner: the menu again, to quit
        assert app.screen == "pause" and "quit" in app.items
    finally:
        display.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_choice_of_a_take_says_which_buttons_make_it(shown, language):
    app, _ = make_app(shown, language=language)
    pick(app, "vs_bots")
    said = app.game.texts["choose"]
    expected = {"pyportal": {"en": "Touch a take, then the card",
                             "it": "Tocca una presa, poi la carta"},
                "pico-display": {"en": "Take: A/B then X", "it": "Presa: A/B poi X"},
                "pybadge": {"en": "Take: <> then A", "it": "Presa: <> poi A"}}
    assert said == expected[shown.board.name][language]
    assert len(said) <= app.table_scene.last_play.chars


@pytest.mark.parametrize("every_ms", [130, 450, 650])
def test_keys_that_hurry_the_bots_do_not_play_for_the_person(shown, every_ms):
    # A player hurries the bots by pressing Select again and again, as fast as a finger goes
    # or about once a bot's play; the presses that follow the bots' last play must not play
    # the person's card (nor pass a hand end) until the player pauses for SKIP_GUARD_MS.
    from app import SKIP_GUARD_MS

    app, clock = make_app(shown)
    pick(app, "vs_bots")
    to_the_persons_turn(app, clock)
    state = app.game.state
    while app.game.mode != MODE_BOTS:  # the person plays
        app.handle(SELECT)
    held = state.hand_count[0]  # the person's cards
    hurried = 0
    while app.game.mode == MODE_BOTS or hurried < 6:  # the bots' turns, hurried, and after
        hurried += app.game.mode != MODE_BOTS
        app.handle(SELECT)
        app.tick()
        clock.now += every_ms
    assert app.screen == "table" and app.game.mode == MODE_PLAY
    assert state.hand_count[0] == held  # the person's turn waits
    clock.now += SKIP_GUARD_MS  # a pause: the next presses act
    for _ in range(3):
        app.handle(SELECT)
    assert state.hand_count[0] == held - 1


def test_declaring_out_from_the_pause_menu_ends_the_match(shown):
    app, clock = make_app(shown, tre_gradi=True)
    pick(app, "vs_bots")
    assert app.game.rules.declare_out
    to_the_persons_turn(app, clock)
    app.handle(BACK)
    pick(app, "declare")  # it cannot be undone: the item asks first
    assert app.screen == "pause" and "Sure?" in screen_text(app)
    app.handle(DOWN)  # moving on takes the question back
    assert "Sure?" not in screen_text(app)
    app.handle(UP)
    pick(app, "declare")
    app.handle(SELECT)  # sure: 0 points is not out, a false claim loses (C-26; PARLETT)
    assert app.screen == "match_end"
    assert app.game.state.match.winner == 1
    assert app.texts["reasons"][4] % app.texts["seats"][0] in screen_text(app)  # "You ..."


def test_the_match_result_is_shown_whole_on_every_screen(shown):
    # The longest reason and grade, in Italian, wrap onto a second line on a narrow screen;
    # under them, the hands dealt and the scope made, the winner's first as in the title.
    app, clock = make_app(shown, tre_gradi=True, language="it")
    pick(app, "vs_bots")
    to_the_persons_turn(app, clock)
    app.handle(BACK)
    pick(app, "declare")
    app.handle(SELECT)  # sure
    info = app.game.state.match
    detail = app.texts["reasons"][info.reason] % "Tu" + ", " + app.texts["grade"][info.grade]
    rows = [line.strip() for line in app.text_scene.text()[1:]]
    lines = len(text_line.wrap(detail, app.text_scene.chars))
    assert lines > 1 or app.text_scene.chars > len(detail)
    assert " ".join(rows[:lines]) == detail
    # a false claim at the first play (C-26), with the points it counted, the winner's first
    secured = app.game.state.secured
    recap = "1 mano, scope 0-0; punti certi nell'ultima mano %d-%d" % (
        secured[scoring.TOTAL + info.winner], secured[scoring.TOTAL + 1 - info.winner])
    recap_lines = len(text_line.wrap(recap, app.text_scene.chars))
    assert " ".join(rows[lines:lines + recap_lines]) == recap
    assert app.items[app.cursor] == "again"
    pick(app, "again")  # the menu below the result still works
    assert app.screen in ("table", "cover")


@pytest.mark.parametrize("winner", [0, 1])
def test_the_match_recap_puts_the_winners_scope_first(winner):
    # "They win 11-6" over "4 hands, scope 3-1": both in the winner's order.
    rules = types.SimpleNamespace(grades=0)
    match = types.SimpleNamespace(winner=winner, reason=1, grade=0, declarer=-1)
    score = (11, 6) if winner == 0 else (6, 11)
    state = types.SimpleNamespace(match=match, score=score, rules=rules, hand_number=4)
    texts = i18n.texts("en")
    title, detail, recap = summaries.match_result(state, texts, scope_made=(1, 3))
    assert title == ("We win 11-6!" if winner == 0 else "They win 11-6")
    assert detail == "target reached"
    assert recap == ("4 hands, scope 1-3" if winner == 0 else "4 hands, scope 3-1")


def test_the_result_of_a_declaration_says_what_each_side_had_secured():
    # RULES §6.4: the claim counts the points each side secured in the hand it ends, which
    # the title's score includes; the recap says them, the winner's first.
    state = State(Rules("chitarrella+tre_gradi", {"declare_out": True}), 4)
    state.deal()
    moves = array("i", bytes(4 * MAX_MOVES))
    for _ in range(30):  # most of a hand: a point secured by each side
        state.apply(moves[state.legal_moves(moves) - 1])
    state.score[0] = 10
    state.declare()
    secured = state.secured
    winner = state.match.winner
    assert secured[scoring.TOTAL] == secured[scoring.TOTAL + 1] == 1
    assert tuple(state.score) == (11, 1)
    _, _, recap = summaries.match_result(state, i18n.texts("en"), declarer="Left")
    assert recap.endswith("; secured in the last hand %d-%d" % (
        secured[scoring.TOTAL + winner], secured[scoring.TOTAL + 1 - winner]))


def test_a_declaration_counts_the_scope_of_its_hand(shown, tmp_path):
    # The declared score counts the hand's scope (RULES §6.4), so the statistics do too.
    app, clock = make_app(shown, tmp_path, tre_gradi=True)
    pick(app, "vs_bots")
    chooser = random.Random(0)
    for _ in range(3000):
        game = app.game
        if app.screen == "table" and game.mode == MODE_PLAY and game.state.scope[0]:
            break
        answer(app, clock, chooser)
    made = game.scope_made[0] + game.state.scope[0]
    before = app.stats.scope
    app.handle(BACK)
    pick(app, "declare")
    app.handle(SELECT)  # sure
    assert app.screen == "match_end"
    assert game.scope_made[0] == made
    assert app.stats.scope - before == made


# --- saves and statistics ---------------------------------------------------------------------


def test_quit_and_continue_goes_on_with_the_same_match(shown, tmp_path):
    app, clock = make_app(shown, tmp_path)
    pick(app, "vs_bots")
    for _ in range(60):  # a few plays
        if app.game.mode == MODE_PLAY:
            app.handle(SELECT)
        elif app.screen == "hand_end":
            app.handle(SELECT)
        clock.now += 700
        app.tick()
    state = app.game.state
    plays = [state.ply_move[i] for i in range(state.ply)]
    score = tuple(state.score)
    app.handle(BACK)
    pick(app, "quit")
    assert app.items[0] == "continue"
    app2, _ = make_app(shown, tmp_path)  # as after a power cut: a new app on the same drive
    assert app2.items[0] == "continue"
    pick(app2, "continue")
    state2 = app2.game.state
    assert [state2.ply_move[i] for i in range(state2.ply)] == plays
    assert tuple(state2.score) == score


def test_a_save_whose_counts_fill_their_fields_plays_on_unsaved(tmp_path, capsys):
    # A hand-made save may hold the last match count its field can: the reader takes it, and
    # the next match's count would not fit. The game says it cannot save and plays on (a
    # crash here would end the session), keeping the last save.
    import save

    setup = MatchSetup()
    setup.level = "easy"
    save.store(str(tmp_path), setup, State(setup.rules(), setup.seed), 0xFFFFFFFF)
    display = sim_display.open_display("pico-display", headless=True)
    try:
        app, clock = make_app(display, tmp_path)
        pick(app, "continue")
        play_on(app, clock, random.Random(5))
        assert "cannot save" not in capsys.readouterr().out
        pick(app, "again")  # match 0x100000000: past the save's field
        for _ in range(40):
            answer(app, clock, random.Random(6))
        assert app.screen in ("table", "hand_end") and app.save_dir is not None
        assert "out of the save format's range" in capsys.readouterr().out
    finally:
        display.close()


def test_a_drive_the_game_may_only_read_still_offers_its_save_and_statistics(shown, tmp_path):
    # boot.py's button held: the drive is the computer's, and the game may only read it
    # (README "On a board", 3.). The save, the choices and the statistics are still there.
    import settings
    from stats import Stats, store_stats

    kept = Stats()
    kept.record_match("easy", True, 3, 11, 4)
    store_stats(str(tmp_path), kept)
    chosen = MatchSetup()
    chosen.deck = "french"
    settings.store(str(tmp_path), chosen)
    app, clock = make_app(shown, tmp_path)
    pick(app, "vs_bots")
    for _ in range(20):  # a few plays, saved
        if app.game.mode == MODE_PLAY or app.screen == "hand_end":
            app.handle(SELECT)
        clock.now += 700
        app.tick()
    plays = [app.game.state.ply_move[i] for i in range(app.game.state.ply)]
    files = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    board = shown.board
    app2 = App(board, shown, lambda style: simulator.load_sheet(board, style), clock,
               str(tmp_path), None, read_only=True)
    assert app2.save_dir is None and app2.items[0] == "continue"
    assert app2.setup.deck == "french"  # the choices kept on the drive
    assert app2.stats.played["easy"] == 1
    pick(app2, "continue")
    state2 = app2.game.state
    assert [state2.ply_move[i] for i in range(state2.ply)] == plays
    play_on(app2, clock, random.Random(4))
    assert app2.screen == "match_end" and app2.stats.played["easy"] == 2
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == files


def test_a_continued_match_counts_its_scope_from_the_start(shown, tmp_path):
    # The save keeps the scope the finished hands made (lib/save.py), so the statistics of a
    # match continued after a quit (or a power cut) count every scopa of it.
    app, clock = make_app(shown, tmp_path)
    pick(app, "vs_bots")
    chooser = random.Random(0)  # a scopa for the person's side in the first hand
    for _ in range(3000):
        game = app.game
        if app.screen == "table" and game.mode == MODE_PLAY and game.scope_made[0]:
            break
        answer(app, clock, chooser)
    made = list(app.game.scope_made)
    assert made[0] > 0
    app.handle(BACK)
    pick(app, "quit")
    app2, clock2 = make_app(shown, tmp_path)  # as after a power cut: a new app on the same drive
    pick(app2, "continue")
    assert app2.game.scope_made == made
    before = app2.stats.scope  # the matches played before this one
    play_on(app2, clock2, chooser)
    final = app2.game.scope_made[0]
    assert final >= made[0]
    assert app2.stats.scope - before == final


def _watch_until(app, clock, plays: int) -> list:
    """Watch bots play on until the hand has ``plays`` plays; the plays, as moves."""
    state = app.game.state
    while state.ply < plays:
        clock.now += 700
        app.tick()
    return [state.ply_move[i] for i in range(plays)]


def test_a_continued_match_plays_on_as_it_would_have(tmp_path):
    # The save keeps the bots' random stream (lib/save.py): a board restarted mid-hand
    # continues with the very plays the match makes uninterrupted, at a level whose search
    # draws at random.
    display = sim_display.open_display("pyportal", headless=True)
    try:
        app, clock = make_app(display, tmp_path / "whole", level="normal")
        pick(app, "watch")
        whole = _watch_until(app, clock, 24)
        app, clock = make_app(display, tmp_path / "cut", level="normal")
        pick(app, "watch")
        _watch_until(app, clock, 2)
        app, clock = make_app(display, tmp_path / "cut")  # as after a power cut
        pick(app, "continue")
        assert app.game.setup.level == "normal"
        assert _watch_until(app, clock, 24) == whole
    finally:
        display.close()


def test_continuing_leaves_the_titles_choices_for_the_next_match(tmp_path):
    display = sim_display.open_display("pyportal", headless=True)
    try:
        app, _ = make_app(display, tmp_path)
        pick(app, "vs_bots")  # at easy, chitarrella
        app.handle(BACK)
        pick(app, "quit")
        app.setup.level = "hard"  # the title's choices change, then the saved match goes on
        app.setup.from_preset("figs")
        app.setup.pace = "fast"
        app.setup.deck = "french"
        pick(app, "continue")
        assert (app.game.setup.level, app.game.setup.preset) == ("easy", "chitarrella")
        # how the match looks and goes by is the title's: the bots' speed and the deck
        assert (app.game.setup.pace, app.game.setup.deck) == ("fast", "french")
        app.handle(BACK)
        pick(app, "quit")
        assert (app.setup.level, app.setup.preset) == ("hard", "figs")
        pick(app, "vs_bots")
        app.handle(SELECT)  # "Sure?": the new match replaces the saved one
        assert (app.game.setup.level, app.game.setup.preset) == ("hard", "figs")
    finally:
        display.close()


def test_a_new_deal_is_saved_before_anyone_plays(shown, tmp_path):
    # Quitting before the first play of a hand must not bring the last hand's end back.
    import save_read

    app, clock = make_app(shown, tmp_path)
    pick(app, "vs_bots")
    chooser = random.Random(1)
    while app.screen != "hand_end":
        answer(app, clock, chooser)
    app.handle(SELECT)  # the next deal; the bots' pause has not run out
    assert app.screen == "table" and app.game.state.ply == 0
    _, state, _, _, _ = save_read.load(str(tmp_path))
    assert state.hand_number == app.game.state.hand_number and state.ply == 0


def test_a_new_match_asks_before_it_replaces_the_saved_one(shown, tmp_path):
    import save

    app, _ = make_app(shown, tmp_path)
    pick(app, "vs_bots")
    app.handle(BACK)
    pick(app, "quit")  # saved; the title offers Continue
    saved = (tmp_path / save.SAVE_NAME).read_bytes()
    for key in ("vs_bots", "watch"):
        pick(app, key)  # once: the row asks, the save stays
        assert app.screen == "title" and app.armed == key
        assert screen_text(app).count(app.texts["sure"] % app.texts[key]) == 1
        assert app.texts["save_lost"] in screen_text(app)  # the footer says what it costs
        assert (tmp_path / save.SAVE_NAME).read_bytes() == saved
    app.handle(DOWN)  # moving on takes the question back, and the footer's words
    assert "Sure?" not in screen_text(app) and app.texts["save_lost"] not in screen_text(app)
    pick(app, "pass")
    seats = bytes(app.pass_seats)
    app.pass_seats[:] = bytes(4)
    pick(app, "start")  # nobody seated: refused at once, no question
    assert app.screen == "players" and app.armed == "" and "Sure?" not in screen_text(app)
    app.pass_seats[:] = seats
    pick(app, "start")
    assert app.screen == "players" and app.armed == "start"
    app.handle(BACK)
    pick(app, "vs_bots")
    app.handle(SELECT)  # chosen again: the new match starts and is saved
    assert app.screen == "table" and (tmp_path / save.SAVE_NAME).read_bytes() != saved


def test_menus_put_the_cursor_where_a_slip_does_no_harm(shown, tmp_path):
    app, _ = make_app(shown, tmp_path)
    pick(app, "stats")
    assert app.items[app.cursor] == "back"  # not on Reset
    app.handle(SELECT)
    assert app.screen == "title" and app.items[app.cursor] == "stats"
    pick(app, "options")
    app.handle(BACK)
    assert app.items[app.cursor] == "options"
    pick(app, "pass")
    app.pass_seats[:] = bytes(4)
    pick(app, "start")  # nobody seated: refused, and said in the footer
    assert app.text_scene.footer.text.strip() == app.texts["need_people"]
    pick(app, "seat1")  # a change of seats takes the refusal back
    assert app.text_scene.footer.text.strip() != app.texts["need_people"]


def test_continue_speaks_the_language_the_title_shows(shown, tmp_path):
    app, clock = make_app(shown, tmp_path, language="it")
    pick(app, "vs_bots")
    app.handle(BACK)
    pick(app, "quit")
    app2, _ = make_app(shown, tmp_path)  # a new start: the title takes the save's language
    assert app2.setup.language == "it" and app2.items[0] == "continue"
    pick(app2, "language")  # the player switches to English, then continues
    assert app2.setup.language == "en"
    pick(app2, "continue")
    assert app2.game.texts["pause"] == "Paused"  # English


def test_saves_are_written_with_the_table_up_once_a_play(shown, tmp_path, monkeypatch):
    # A save is worked out while the table shows, never beside a text screen's objects; a
    # pass-and-play cover after a play writes nothing new, a new match is saved before its
    # first cover, and a new deal before its first play (unless a cover saved it).
    import os

    from game import HAND_SCORED, PLAYED

    app, clock = make_app(shown, tmp_path)
    writes = []
    rename = os.rename

    def counting_rename(source, target):
        writes.append(app.text_scene is None)
        rename(source, target)

    monkeypatch.setattr(os, "rename", counting_rename)
    plays = []
    hands = []
    pick(app, "pass")
    pick(app, "start")
    assert app.screen == "cover" and writes == [True]
    on_game = app.game.listener

    def counting_events(event):
        if event == PLAYED:
            plays.append(event)
        elif event == HAND_SCORED:
            hands.append(event)
        on_game(event)

    app.game.listener = counting_events
    play_on(app, clock, random.Random(7))
    assert plays and hands  # the events were counted
    assert all(writes) and 1 + len(plays) <= len(writes) <= 1 + len(plays) + len(hands)


def test_continuing_a_hand_over_writes_no_save_beside_its_end(tmp_path, monkeypatch):
    # A save that holds a hand over continues on that hand's end, a text screen: the save
    # waits for the next deal, with the table up.
    import os

    import save_read

    display = sim_display.open_display("pyportal", headless=True)
    try:
        app, clock = make_app(display, tmp_path)
        pick(app, "vs_bots")
        chooser = random.Random(1)
        while app.screen != "hand_end":
            answer(app, clock, chooser)
        assert save_read.load(str(tmp_path))[1].phase == HAND_OVER
        app, clock = make_app(display, tmp_path)  # as after a power cut
        writes = []
        rename = os.rename

        def counting_rename(source, target):
            writes.append(app.screen)
            rename(source, target)

        monkeypatch.setattr(os, "rename", counting_rename)
        pick(app, "continue")
        assert app.screen == "hand_end" and writes == []
        app.handle(SELECT)  # the next deal, saved with the table up
        assert app.screen == "table" and writes == ["table"]
    finally:
        display.close()


@pytest.mark.parametrize("language", ["en", "it"])
def test_corrupt_save_is_reported_in_one_line_and_ignored(shown, tmp_path, capsys, language):
    import save

    (tmp_path / save.SAVE_NAME).write_bytes(b"\x01garbage")
    app, _ = make_app(shown, tmp_path, language=language)
    assert app.screen == "title" and app.items[0] != "continue"
    # the reason on the console in one line; on screen, whole, the title's words for it
    console = [line for line in capsys.readouterr().out.splitlines() if "save ignored" in line]
    assert len(console) == 1 and save.SAVE_NAME in console[0]
    assert app.text_scene.footer.text.strip() == app.texts["save_bad"]
    pick(app, "language")  # the other language: the footer follows it
    assert app.text_scene.footer.text.strip() == i18n.texts(
        "it" if language == "en" else "en", menus=True)["save_bad"]


@pytest.mark.parametrize("language", ["en", "it"])
def test_statistics_rows_are_whole_with_three_digit_counts(shown, tmp_path, language):
    from stats import Stats, store_stats

    stats = Stats()
    for level in ("easy", "normal", "hard"):
        stats.played[level] = 999
        stats.won[level] = 998
    store_stats(str(tmp_path), stats)
    app, _ = make_app(shown, tmp_path, language=language)
    pick(app, "stats")
    rows = app.text_scene.text()[1:4]
    for name, row in zip(app.texts["level_names"], rows, strict=True):
        assert row.startswith(name + " ") and row.rstrip().endswith(
            app.texts["stats_won"] % (998, 999)), row


@pytest.mark.parametrize("language", ["en", "it"])
def test_damaged_statistics_are_said_on_their_screen(shown, tmp_path, capsys, language):
    from stats import STATS_NAME

    (tmp_path / STATS_NAME).write_bytes(b"\x01garbage")
    app, _ = make_app(shown, tmp_path, language=language)
    pick(app, "stats")
    assert app.text_scene.footer.text.strip() == app.texts["stats_bad"]
    assert "statistics reset" in capsys.readouterr().out
    (tmp_path / STATS_NAME).unlink()
    app.handle(BACK)
    pick(app, "stats")
    assert app.text_scene.footer.text.strip() != app.texts["stats_bad"]


def test_a_match_ended_across_restarts_is_counted_once_and_not_offered_again(shown, tmp_path):
    # switched off on the last hand's end screen, twice: the save must not come back as a
    # finished match that each Continue counts again
    import save_read

    app, clock = make_app(shown, tmp_path)
    pick(app, "vs_bots")
    chooser = random.Random(5)
    while not (app.screen == "hand_end" and app.game.state.phase == TERMINAL):
        answer(app, clock, chooser)
    for _ in range(2):  # a restart: a new App on the same drive
        app, clock = make_app(shown, tmp_path)
        pick(app, "continue")
        assert app.screen == "hand_end" and save_read.load(str(tmp_path))[1].phase == HAND_OVER
    app.handle(SELECT)
    assert app.screen == "match_end" and save_read.load(str(tmp_path)) is None
    assert app.stats.played["easy"] == 1
    app.handle(BACK)
    assert "continue" not in app.items


def test_statistics_count_a_match_against_bots_and_reset(shown, tmp_path):
    app, clock = make_app(shown, tmp_path)
    pick(app, "vs_bots")
    play_on(app, clock, random.Random(3))
    won = app.game.state.match.winner == 0
    app.handle(BACK)
    assert app.screen == "title"
    pick(app, "stats")
    assert app.stats.played["easy"] == 1 and app.stats.won["easy"] == int(won)
    again, _ = make_app(shown, tmp_path)  # kept on the drive
    assert again.stats.played["easy"] == 1
    pick(app, "reset")
    app.handle(SELECT)  # sure
    assert app.stats.played["easy"] == 0 and app.screen == "stats"


def test_statistics_that_cannot_be_written_are_kept_for_the_session(tmp_path, monkeypatch):
    # The drive fills up as the match ends: the match just recorded still counts on the
    # statistics screen for the rest of the session.
    import builtins

    real_open = builtins.open

    def full_for_statistics(path, mode="r", *args, **kwargs):
        if "scopone.sta" in str(path) and "w" in mode:
            raise OSError(28, "No space left on device")
        return real_open(path, mode, *args, **kwargs)

    display = sim_display.open_display("pyportal", headless=True)
    try:
        app, clock = make_app(display, tmp_path)
        pick(app, "vs_bots")
        monkeypatch.setattr(builtins, "open", full_for_statistics)
        play_on(app, clock, random.Random(4))
        assert app.save_dir is None and app.stats.played["easy"] == 1
    finally:
        display.close()


def test_a_drive_that_cannot_be_written_is_said_once_and_play_goes_on(shown, tmp_path,
                                                                     monkeypatch, capsys):
    import builtins

    real_open = builtins.open

    def read_only(path, mode="r", *args, **kwargs):
        if str(path).startswith(str(tmp_path)) and "w" in mode:
            raise OSError(30, "Read-only filesystem")  # CircuitPython while USB has the drive
        return real_open(path, mode, *args, **kwargs)

    from stats import Stats, store_stats

    kept = Stats()  # the statistics on the drive from earlier sessions
    kept.record_match("easy", True, 3, 11, 4)
    store_stats(str(tmp_path), kept)
    monkeypatch.setattr(builtins, "open", read_only)  # the app imports its file code afresh
    app, clock = make_app(shown, tmp_path)
    pick(app, "vs_bots")  # the first store fails: the game says so and stops trying
    assert app.save_dir is None and app.screen in ("table", "hand_end")
    assert capsys.readouterr().out.count("cannot save") == 1
    play_on(app, clock, random.Random(4))
    assert app.screen == "match_end" and "cannot save" not in capsys.readouterr().out
    # the drive's statistics still count, with this session's match on top, in memory
    assert app.stats.played["easy"] == 2 and app.stats.scope >= 3
