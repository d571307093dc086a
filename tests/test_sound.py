"""The table's sounds (lib/sound.py): tunes stepped a note at a time from the main loop, the
board's speaker driving CircuitPython's audio modules as they are called on a board, the
game's tunes for plays, captures, scope, barred cards and match ends, the bots never thinking
while a note sounds, the option that silences them, and the simulator's speakers
(sim/speaker.py)."""

from __future__ import annotations

import random
import sys
import types

import boards
import pytest
import settings
from fake_hw import fake_hw
from game import BARRED, LOST, MODE_BOTS, MODE_PLAY, PLAY, SCOPA, TAKE, WON, Game
from input_events import BACK, RIGHT, SELECT
from match_setup import WATCH
from sound import WAVE, WAVE_POINTS, Sound, Speaker
from test_app import Clock, answer, pick, play_on
from test_game import easy_setup, make_scene

from conftest import position
from sim import display as sim_display
from sim import simulator
from sim.speaker import PygameSpeaker, SilentSpeaker, open_speaker, wave_samples


class Tunes(Sound):
    """A Sound that also lists the tunes asked for."""

    def __init__(self, speaker) -> None:
        super().__init__(speaker)
        self.asked: list[tuple] = []

    def play(self, tune) -> None:
        self.asked.append(tune)
        super().play(tune)


@pytest.fixture
def pyportal():
    shown = sim_display.open_display("pyportal", headless=True)
    yield shown
    shown.close()


# -- stepping tunes ----------------------------------------------------------------------------


def test_a_tune_starts_at_the_next_tick_and_plays_each_note_its_length():
    speaker = SilentSpeaker()
    sound = Sound(speaker)
    sound.play(TAKE)  # (1175, 35, 1568, 45)
    assert sound.tune and speaker.notes == []  # nothing before the frame's refresh
    sound.tick(1000)
    assert speaker.notes == [1175]
    sound.tick(1034)
    assert speaker.notes == [1175]
    sound.tick(1035)
    assert speaker.notes == [1175, 1568]
    sound.tick(1079)
    assert sound.tune and speaker.notes == [1175, 1568]
    sound.tick(1080)
    assert not sound.tune and speaker.notes == [1175, 1568, 0]
    sound.tick(5000)  # nothing more once it has ended
    assert speaker.notes == [1175, 1568, 0]


def test_a_late_frame_moves_one_note_on_and_a_rest_is_quiet():
    speaker = SilentSpeaker()
    sound = Sound(speaker)
    sound.play((440, 10, 0, 10, 880, 10))
    for now in (0, 500, 1000, 1500):  # frames far apart: each note still gets its turn
        sound.tick(now)
    assert speaker.notes == [440, 0, 880, 0]


def test_a_new_tune_replaces_the_one_playing_and_hush_stops_it():
    speaker = SilentSpeaker()
    sound = Sound(speaker)
    sound.play(SCOPA)
    sound.tick(0)
    sound.play(PLAY)
    sound.tick(1)  # the new tune starts at once, though the first note had time left
    assert speaker.notes == [SCOPA[0], PLAY[0]]
    sound.hush()
    assert not sound.tune and speaker.notes[-1] == 0
    sound.hush()  # nothing playing: the speaker is left alone
    assert speaker.notes == [SCOPA[0], PLAY[0], 0]


def test_every_tune_is_notes_and_lengths_a_board_can_play():
    for tune in (PLAY, TAKE, SCOPA, BARRED, WON, LOST):
        assert len(tune) % 2 == 0 and sum(tune[1::2]) <= 1000
        for hz in tune[::2]:
            # SAMD51's AudioOut plays up to 1,000,000 samples a second (AudioOut.c)
            assert hz == 0 or 100 <= hz and hz * WAVE_POINTS <= 1_000_000


def test_the_wave_is_one_soft_period_around_the_middle():
    assert len(WAVE) == WAVE_POINTS
    assert max(WAVE) == 128 + 48 == WAVE[WAVE_POINTS // 4]
    assert min(WAVE) == 128 - 48 == WAVE[3 * WAVE_POINTS // 4]
    assert WAVE[0] == WAVE[WAVE_POINTS // 2] == 128
    assert sum(WAVE) == 128 * WAVE_POINTS  # no offset: the speaker rests in the middle
    steps = {abs(WAVE[i] - WAVE[i - 1]) for i in range(WAVE_POINTS)}
    assert steps == {12}  # a triangle: the same slope all round


# -- the board's speaker -----------------------------------------------------------------------


def test_the_board_speaker_plays_a_looping_period_at_the_notes_pitch(monkeypatch):
    board = types.ModuleType("board")
    board.SPEAKER = fake_hw.Pin("SPEAKER")
    board.SPEAKER_ENABLE = fake_hw.Pin("SPEAKER_ENABLE")
    monkeypatch.setitem(sys.modules, "board", board)
    for name, members in fake_hw.AUDIO_MODULES:
        monkeypatch.setitem(sys.modules, name, fake_hw.module(name, members))
    monkeypatch.setattr(fake_hw, "AUDIO", [])
    speaker = Speaker()
    out = fake_hw.AUDIO[0]
    assert out.pin is board.SPEAKER and speaker.enable.pin is board.SPEAKER_ENABLE
    assert speaker.enable.direction == "output" and speaker.enable.value is False  # no hiss
    assert speaker.sample.buffer is speaker.wave  # kept alive by the speaker
    assert speaker.wave.typecode == "H" and list(speaker.wave) == [w << 8 for w in WAVE]
    speaker.tone(440)
    assert out.playing and speaker.enable.value is True
    assert out.sample_rates == [440 * WAVE_POINTS]
    speaker.tone(880)
    assert out.sample_rates == [440 * WAVE_POINTS, 880 * WAVE_POINTS]
    speaker.quiet()
    assert not out.playing and speaker.enable.value is False


# -- the game's tunes --------------------------------------------------------------------------


def test_a_match_sounds_its_plays_scope_and_result_and_bots_never_think_over_a_note(pyportal):
    speaker = SilentSpeaker()
    clock = Clock()
    app = simulator.build(pyportal.board, pyportal, easy_setup(3), clock, None, speaker)
    sound = app.sound = Tunes(speaker)
    thinking_over = []  # the plies a bot decided while a note sounded
    decided = []
    pick(app, "vs_bots")
    game = app.game
    choose = game.bot.choose  # the one bot of every bot seat, for the whole match

    def checked(obs, moves, count):
        (thinking_over if speaker.sounding else decided).append(game.state.ply)
        return choose(obs, moves, count)

    game.bot.choose = checked
    assert game.sound is sound
    play_on(app, clock, random.Random(2))
    for _ in range(10):  # the result's tune plays out on the match end screen
        clock.now += 500
        app.tick()
    assert thinking_over == [] and len(decided) > 20
    asked = sound.asked
    assert asked.count(SCOPA) == sum(game.scope_made) > 0  # C-14: every scopa, and no other
    assert asked.count(TAKE) + asked.count(SCOPA) >= 10 and asked.count(PLAY) >= 10
    won = game.state.match.winner == 0
    assert asked[-1] == (WON if won else LOST)
    assert speaker.notes[-1] == 0 and not sound.tune  # silent once it has ended


@pytest.mark.parametrize("preset, overrides, hand, table", [
    ("assi", {}, "Ad 5c", ""),  # RULES §10 row 28: no ace on the opening play
    ("chitarrella", {"forced_capture": "turn"}, "4d 7s", "2b 5c"),
])
def test_a_barred_card_buzzes_and_the_card_played_ticks(pyportal, preset, overrides, hand,
                                                         table):
    state = position((hand, "Kb", "Ks", "Kd"), table, turn=0, preset=preset, **overrides)
    sound = Tunes(SilentSpeaker())
    game = Game(make_scene(pyportal), easy_setup(), rules=state.rules, clock_ms=Clock(),
                state=state, sound=sound)
    game.start()
    game.handle(SELECT)
    assert sound.asked == [BARRED] and state.ply == 0
    game.handle(RIGHT)
    game.handle(SELECT)
    # the ace trails; the 7s sweeps 2b and 5c: a scopa (C-14)
    assert state.ply == 1 and sound.asked[-1] == (SCOPA if table else PLAY)


def test_a_hint_hushes_the_tune_before_it_thinks(pyportal):
    speaker = SilentSpeaker()
    sound = Sound(speaker)
    clock = Clock()
    game = Game(make_scene(pyportal), easy_setup(5), clock_ms=clock, sound=sound)
    game.start()
    while game.mode != MODE_PLAY:
        clock.now += 1000
        sound.tick(clock.now)
        game.tick()
    sound.play(SCOPA)
    sound.tick(clock.now)
    assert speaker.sounding
    game.hint()
    assert not sound.tune and not speaker.sounding


def test_the_sound_option_silences_the_game_and_turning_it_on_gives_a_taste(pyportal):
    speaker = SilentSpeaker()
    clock = Clock()
    app = simulator.build(pyportal.board, pyportal, easy_setup(), clock, None, speaker)
    pick(app, "options")
    assert "sound" in app.items and app.setup.sound is True
    pick(app, "sound")
    rows = [line.split() for line in app.text_scene.text()]
    assert app.setup.sound is False and ["Sound", "off"] in rows
    pick(app, "sound")
    assert app.setup.sound is True and app.busy  # no collection will hold its notes
    app.tick()
    assert speaker.notes == [TAKE[0]]  # the taste of it
    pick(app, "sound")
    pick(app, "back")
    pick(app, "vs_bots")
    assert app.game.sound is None
    for _ in range(30):
        answer(app, clock, random.Random(1))
    # the taste plays out; the match makes no sound
    assert app.game.state.ply > 0 and speaker.notes == [TAKE[0], TAKE[2], 0]


def test_the_pause_menu_turns_the_sound_off_and_on_and_the_title_keeps_it(pyportal, tmp_path):
    speaker = SilentSpeaker()
    clock = Clock()
    app = simulator.build(pyportal.board, pyportal, easy_setup(6), clock, tmp_path, speaker)
    pick(app, "vs_bots")
    chooser = random.Random(6)
    while app.game.state.ply < 3:
        answer(app, clock, chooser)
    app.sound.play(SCOPA)
    app.tick()
    assert speaker.sounding
    app.handle(BACK)
    assert app.screen == "pause" and app.items[-2:] == ("sound", "quit")
    pick(app, "sound")  # off: the tune stops at once, the row says so
    assert not speaker.sounding and not app.sound.tune
    assert app.game.sound is None and app.game.setup.sound is False
    assert app.setup.sound is False  # the title's too, for the next match
    assert ["Sound", "off"] in [line.split() for line in app.text_scene.text()]
    pick(app, "resume")
    heard = len(speaker.notes)
    while app.game.state.ply < 12:
        answer(app, clock, chooser)
    assert len(speaker.notes) == heard  # plays go by in silence
    app.handle(BACK)
    pick(app, "sound")  # on again, with a taste of it
    app.tick()
    assert app.game.sound is app.sound and speaker.notes[-1] == TAKE[0]
    pick(app, "sound")
    assert app.keep_choices  # not written beside the pause menu
    pick(app, "quit")
    assert not app.keep_choices and settings.load(str(tmp_path)).sound is False
    pick(app, "continue")
    assert app.game.sound is None and app.game.setup.sound is False
    app.handle(BACK)
    pick(app, "sound")
    pick(app, "resume")
    play_on(app, clock, chooser)  # to its end without the title: kept as the match ends
    assert "match_options" not in sys.modules  # the set-up code the keeping loaded is gone
    assert not app.keep_choices and settings.load(str(tmp_path)).sound is True
    assert app.setup.seats == bytearray((1, 0, 0, 0))  # the title's own seating left as it was


def test_a_mute_from_the_pause_menu_survives_a_board_switched_off_mid_match(pyportal,
                                                                             tmp_path):
    # The settings keep the pause menu's choice only at the match's end or the title; the
    # save after each play keeps it too, and the title takes it from there, as it takes the
    # saved match's language.
    clock = Clock()
    app = simulator.build(pyportal.board, pyportal, easy_setup(6), clock, tmp_path,
                          SilentSpeaker())
    pick(app, "vs_bots")
    chooser = random.Random(6)
    while app.game.state.ply < 3:
        answer(app, clock, chooser)
    app.handle(BACK)
    pick(app, "sound")  # off
    pick(app, "resume")
    muted_at = app.game.state.ply
    while app.game.state.ply < muted_at + 2:  # a play saved since
        answer(app, clock, chooser)
    assert settings.load(str(tmp_path)).sound is True  # not written yet: the board goes off
    again = simulator.build(pyportal.board, pyportal, easy_setup(6), Clock(), tmp_path,
                            SilentSpeaker())
    assert again.screen == "title" and again.items[0] == "continue"
    assert again.setup.sound is False  # the title's options show it
    pick(again, "continue")
    assert again.game.setup.sound is False and again.game.sound is None


def test_a_board_without_a_speaker_offers_no_sound():
    display = sim_display.open_display("pico-display", headless=True)
    try:
        app = simulator.build(display.board, display, easy_setup(), Clock(), None, None)
        pick(app, "options")
        assert "sound" not in app.items and app.sound is None
        pick(app, "back")
        pick(app, "vs_bots")
        assert app.game.sound is None
        app.handle(BACK)
        assert app.screen == "pause" and "sound" not in app.items
    finally:
        display.close()


# -- the simulator's speakers ------------------------------------------------------------------


def test_the_simulators_wave_is_the_boards_and_loops_whole_periods_without_a_click():
    rate = 44100
    peak = (max(WAVE) - 128) * 256  # the board's 16-bit swing (lib/sound.py Speaker)
    for hz in (196, 1175, 2093):
        samples = wave_samples(hz, rate)
        periods = round(hz * 0.2)
        assert len(samples) == round(periods * rate / hz)
        assert samples[0] == 0 and abs(samples[-1]) < peak * 4 * hz / rate + 1
        assert max(samples) <= peak and min(samples) >= (min(WAVE) - 128) * 256
    # a sample rate that is a whole number of the wave's points a period plays them as written
    assert list(wave_samples(1000, 1000 * WAVE_POINTS, 0.001)) == [
        (level - 128) * 256 for level in WAVE]


def test_the_window_speaker_sounds_through_pygames_mixer(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # no sound device needed
    import pygame

    try:
        speaker = PygameSpeaker()
    except pygame.error as error:  # pragma: no cover (SDL without its dummy driver)
        pytest.skip("no mixer here: %s" % error)
    try:
        speaker.tone(440)
        assert speaker.sounding is not None and pygame.mixer.get_busy()
        speaker.tone(880)  # another pitch replaces it; each pitch is made once
        assert len(speaker.made) == 2
        speaker.quiet()
        assert speaker.sounding is None
    finally:
        pygame.mixer.quit()


def test_the_simulator_opens_a_speaker_only_for_a_board_that_has_one(monkeypatch, capsys):
    assert open_speaker(boards.profile("pico-display")) is None
    import pygame

    def no_device(**format):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    assert open_speaker(boards.profile("pybadge")) is None
    assert "plays without sound: no audio device" in capsys.readouterr().out


def test_the_bots_wait_for_a_tune_to_end(pyportal):
    sound = Sound(SilentSpeaker())
    clock = Clock()
    setup = easy_setup(4)
    setup.set_mode(WATCH)
    game = Game(make_scene(pyportal), setup, clock_ms=clock, sound=sound)
    game.start()
    assert game.mode == MODE_BOTS
    sound.play(WON)
    clock.now += 10_000  # the bot's pause is long over
    while sound.tune:
        game.tick()
        assert game.state.ply == 0 and game.taking < 0  # the bot waits for the tune
        clock.now += 100
        sound.tick(clock.now)
    game.tick()
    assert game.state.ply == 1 or game.taking >= 0  # played, or its capture on show
