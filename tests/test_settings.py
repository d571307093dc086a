"""The choices kept across power cuts (lib/settings.py): the file round trip, damaged files,
power cuts while storing, and the title starting from them (lib/title_menus.py)."""

from __future__ import annotations

import random

import pytest
import record_file
import save
import settings
from input_events import BACK
from match_setup import PASS, MatchSetup
from test_app import Clock, make_app, pick
from test_save import make_setup, store_with_cut

from conftest import ROOT
from sim import display as sim_display
from sim import mpruntime, simulator


def chosen_setup() -> MatchSetup:
    setup = make_setup("veneto", seed=2**30 - 1, tre_gradi=True, target=31, napola="cap6",
                       level="hard", language="it", deck="french")
    setup.set_mode(PASS, 3)
    setup.names = ["Niccolò", "Zoë", "Ana", ""]
    return setup


def sealed(setup: MatchSetup, version: int = settings.VERSION,
           magic: bytes = settings.MAGIC) -> bytes:
    payload = bytearray()
    save.put_setup(payload, setup)
    return record_file.seal(magic, version, 0, payload)


def test_round_trip_of_every_field(tmp_path):
    setup = chosen_setup()
    settings.store(str(tmp_path), setup)
    assert settings.load(str(tmp_path)) == setup
    assert len((tmp_path / settings.SETTINGS_NAME).read_bytes()) < 64


def test_missing_file_gives_the_default_setup_quietly(tmp_path, capsys):
    assert settings.load(str(tmp_path)) == MatchSetup()
    assert capsys.readouterr().out == ""


def test_every_cut_and_bit_flip_gives_a_valid_setup_and_a_one_line_reason(tmp_path, capsys):
    data = sealed(chosen_setup())
    damaged = [data[:size] for size in range(len(data))]
    for bit in range(len(data) * 8):
        flipped = bytearray(data)
        flipped[bit // 8] ^= 1 << (bit % 8)
        damaged.append(bytes(flipped))
    path = tmp_path / settings.SETTINGS_NAME
    for bad in damaged:
        path.write_bytes(bad)
        loaded = settings.load(str(tmp_path))
        assert loaded == MatchSetup()
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) == 1 and lines[0].startswith("settings ignored: scopone.set: ")


def test_payload_damage_behind_a_good_checksum_gives_rules_the_engine_accepts(tmp_path, capsys):
    payload = bytearray()
    save.put_setup(payload, chosen_setup())
    rnd = random.Random(3)
    path = tmp_path / settings.SETTINGS_NAME
    for _ in range(300):
        flipped = bytearray(payload)
        flipped[rnd.randrange(len(payload))] ^= 1 << rnd.randrange(8)
        path.write_bytes(record_file.seal(settings.MAGIC, settings.VERSION, 0, flipped))
        settings.load(str(tmp_path)).rules()  # refused files give the default set-up
    payload[5] = 9  # the level byte: no level has that number
    path.write_bytes(record_file.seal(settings.MAGIC, settings.VERSION, 0, payload))
    settings.load(str(tmp_path))
    assert "scopone.set: file names no known level (9)" in capsys.readouterr().out  # not "save"


def test_another_version_or_a_save_file_is_refused(tmp_path, capsys):
    path = tmp_path / settings.SETTINGS_NAME
    path.write_bytes(sealed(chosen_setup(), version=settings.VERSION + 1))
    assert settings.load(str(tmp_path)) == MatchSetup()
    assert "version" in capsys.readouterr().out
    path.write_bytes(sealed(chosen_setup(), magic=save.MAGIC))
    assert settings.load(str(tmp_path)) == MatchSetup()
    assert "another kind" in capsys.readouterr().out


def test_power_cut_at_every_step_keeps_the_old_or_the_new_settings(tmp_path, monkeypatch):
    directory = str(tmp_path)
    old = MatchSetup()
    settings.store(directory, old)
    new = chosen_setup()
    budget = 0
    while not store_with_cut(monkeypatch, directory, None, budget,
                             store=lambda: settings.store(directory, new)):
        assert settings.load(directory) in (old, new)
        settings.store(directory, old)
        budget += 1
    assert budget > 2 and settings.load(directory) == new


# -- the title ------------------------------------------------------------------------------


@pytest.fixture(params=("pyportal", "pybadge"))
def shown(request):
    display = sim_display.open_display(request.param, headless=True)
    yield display
    display.close()


def start(display, save_dir):
    """The app as a board starts it: no set-up given."""
    return simulator.build(display.board, display, None, Clock(), save_dir)


def test_the_language_and_options_come_back_at_the_next_start(shown, tmp_path):
    app = start(shown, tmp_path)
    english = app.texts["vs_bots"]
    assert app.setup == MatchSetup()
    pick(app, "language")  # Italian, kept at once
    assert app.texts["vs_bots"] != english
    pick(app, "options")
    pick(app, "level")  # normal -> hard
    pick(app, "deck")  # italian -> french
    app.handle(BACK)  # the title: the choices are kept
    assert app.screen == "title"
    again = start(shown, tmp_path)
    assert again.setup.language == "it" and again.texts["vs_bots"] == app.texts["vs_bots"]
    assert (again.setup.level, again.setup.deck) == ("hard", "french")
    pick(again, "options")
    pick(again, "target")  # 11 -> 16, kept by the menu's own back item
    pick(again, "back")
    assert start(shown, tmp_path).setup.target == 16


def test_the_players_seating_comes_back_at_the_next_start(shown, tmp_path):
    app = start(shown, tmp_path)
    assert bytes(app.pass_seats) == bytes((1, 0, 2, 0))
    pick(app, "pass")
    for seat, person in enumerate((2, 3, 1, 0)):
        while app.pass_seats[seat] != person:
            pick(app, "seat%d" % seat)
    pick(app, "back")
    pick(app, "vs_bots")  # the title's own seating for this match is not what is kept
    assert app.game is not None and app.game.setup.people == 1
    again = start(shown, tmp_path)
    assert bytes(again.pass_seats) == bytes((2, 3, 1, 0))
    pick(again, "pass")
    pick(again, "seat0")  # person 2 -> 3: person 3 sits twice, which cannot start
    pick(again, "back")
    assert bytes(start(shown, tmp_path).pass_seats) == bytes((2, 3, 1, 0))


def test_a_setup_given_to_the_app_wins_over_the_kept_one(shown, tmp_path):
    settings.store(str(tmp_path), chosen_setup())
    app, _ = make_app(shown, tmp_path, language="en")
    assert app.setup.language == "en" and app.setup.preset == "chitarrella"


def test_the_saved_match_still_brings_its_language(shown, tmp_path):
    app, _ = make_app(shown, tmp_path, language="it")
    pick(app, "vs_bots")  # saved in Italian
    app.handle(BACK)
    pick(app, "quit")
    settings.store(str(tmp_path), MatchSetup())  # English kept
    again = start(shown, tmp_path)
    assert again.items[0] == "continue" and again.setup.language == "it"


def test_a_read_only_drive_keeps_nothing_and_says_so_once(shown, tmp_path, monkeypatch,
                                                          capsys):
    import builtins

    real_open = builtins.open

    def read_only(path, mode="r", *args, **kwargs):
        if str(path).startswith(str(tmp_path)) and "w" in mode:
            raise OSError(30, "Read-only filesystem")
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", read_only)
    app = start(shown, tmp_path)
    pick(app, "language")
    pick(app, "language")
    assert app.save_dir is None and app.setup.language == "en"
    assert capsys.readouterr().out.count("cannot save") == 1
    assert not (tmp_path / settings.SETTINGS_NAME).exists()


MP_SCRIPT = """
import sys
sys.path.append(sys.argv[1] + "/lib")
sys.path.append(sys.argv[1])
import settings
from match_setup import MatchSetup
setup = MatchSetup()
setup.from_preset("dieci")
setup.language = "it"
setup.level = "hard"
settings.store(sys.argv[2], setup)
settings.store(sys.argv[2], setup)
loaded = settings.load(sys.argv[2])
assert loaded == setup
print(loaded.language, loaded.level, loaded.preset, loaded.target)
"""


def test_settings_round_trip_on_micropython_unix(tmp_path):
    script = tmp_path / "settings_round_trip.py"
    script.write_text(MP_SCRIPT)
    directory = tmp_path / "drive"
    directory.mkdir()
    output = mpruntime.run_unix(script, ROOT, directory)
    assert "it hard dieci 21" in output
    loaded = settings.load(str(directory))  # and CPython reads what MicroPython wrote
    assert (loaded.language, loaded.level, loaded.preset) == ("it", "hard", "dieci")
