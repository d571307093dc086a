"""Saved games (lib/save.py): round trips at every step of whole matches, damaged files,
power cuts at every step of a store, and the same bytes on the MicroPython unix port.

A decoded state must equal the saved one in every buffer and field the engine keeps (but the
shuffle buffer ``deck``, and ``hand_points`` during a hand: see lib/save.py), and must play on
exactly as the original did: the same legal moves, deals, declarations and final score.
"""

from __future__ import annotations

import builtins
import os
import random
import re

import match_setup
import pytest
import record_file
import record_read
import save
import save_read
from match_setup import PASS, WATCH, MatchSetup
from record_read import SaveError

from conftest import ROOT, snapshot
from engine import observe
from engine.layout import DEAL, DEALT, HAND_OVER, PLAY, TERMINAL
from engine.match import DECLARED, FALSE_DECLARATION
from engine.moves import MAX_MOVES
from engine.state import State
from sim import mpruntime

MOVES = [0] * MAX_MOVES
OBS = bytearray(observe.SIZE)


def encode(setup, state, matches: int, scope=(0, 0), stream=(0, 0, 0)) -> bytes:
    """The bytes ``save.store`` would write first for these arguments (sequence 0)."""
    return record_file.seal(save.MAGIC, save.VERSION, 0,
                            save.payload(setup, state, matches, scope, stream))


def make_setup(preset: str = "chitarrella", seed: int = 7, **options) -> MatchSetup:
    setup = MatchSetup()
    setup.from_preset(preset)
    setup.seed = seed
    for name, value in options.items():
        setattr(setup, name, value)
    return setup


# -- playing matches and comparing states ------------------------------------------------


def step(state: State, rnd: random.Random, declare: bool = True) -> tuple:
    """Make the next step of the match with random choices; return what happened."""
    phase = state.phase
    assert phase != TERMINAL
    if phase == DEAL:
        return ("deal", state.deal())
    if phase == HAND_OVER:
        state.end_hand()
        return ("end",)
    seat = state.turn
    if declare and state.rules.declare_out:
        state.observe(seat, OBS)
        sure = observe.may_declare_out(OBS, state.rules)
        if rnd.random() < (0.5 if sure else 0.004):  # held claims, and a few false ones
            return ("declare", state.declare())
    count = state.legal_moves(MOVES)
    index = rnd.randrange(count)
    state.apply(MOVES[index])
    return ("move", MOVES[index], index)


def follow(state: State, events: list) -> list:
    """Make the steps ``events`` recorded (the same move indices) on ``state``."""
    out = []
    for event in events:
        if event[0] == "deal":
            out.append(("deal", state.deal()))
        elif event[0] == "end":
            state.end_hand()
            out.append(("end",))
        elif event[0] == "declare":
            out.append(("declare", state.declare()))
        else:
            count = state.legal_moves(MOVES)
            index = event[2]
            assert index < count
            state.apply(MOVES[index])
            out.append(("move", MOVES[index], index))
    return out


def parts(state: State) -> dict:
    """Everything a decoded state must restore (module docstring)."""
    result = dict(snapshot(state))
    del result["deck"]  # the shuffle buffer: deal() refills it
    if state.ply < state.rules.plies or state.phase == HAND_OVER:
        del result["hand_points"]  # the previous hand's, rewritten by end_hand
    result["match"] = dict(vars(state.match))
    result["rules"] = state.rules.values
    return result


def play_match(setup: MatchSetup, seed: int, matches: int = 0):
    """A whole match with random choices: (saves before each step, events, final state).
    The saves' scope made (for statistics) is a stand-in that grows with the hands."""
    state = State(setup.rules(), setup.seed)
    rnd = random.Random(seed)
    saves = []
    events = []
    while True:
        scope = (state.hand_number, 3 * state.hand_number)
        saves.append((encode(setup, state, matches, scope), parts(state)))
        if state.phase == TERMINAL:
            return saves, events, state
        events.append(step(state, rnd))


MATCHES = {
    "chitarrella": lambda: make_setup("chitarrella", seed=11),
    "dieci": lambda: make_setup("dieci", seed=12),
    "assi+veneto": lambda: make_setup("assi", seed=13, re_bello=True),
    "chitarrella+tre_gradi": lambda: make_setup("chitarrella", seed=14, tre_gradi=True,
                                                target=16),  # tre gradi brings declare_out
    "figs, first captures seen": lambda: make_setup("figs", seed=15,
                                                    review_captures="first_capture"),
}


@pytest.mark.parametrize("name", list(MATCHES))
def test_round_trip_at_every_step_of_a_match_plays_on_the_same(name):
    phases = set()
    for match_seed in range(2):
        setup = MATCHES[name]()
        saves, events, final = play_match(setup, match_seed, matches=match_seed + 3)
        for k, (data, expected) in enumerate(saves):
            loaded_setup, state, matches, scope, _ = save_read.decode(data)
            assert loaded_setup == setup
            assert matches == match_seed + 3
            assert scope == (state.hand_number, 3 * state.hand_number)
            assert parts(state) == expected, "step %d" % k
            assert encode(loaded_setup, state, matches, scope) == data
            phases.add((state.phase, state.ply == state.rules.plies))
            if k % 5 == 0 or k >= len(events) - 3:
                assert follow(state, events[k:]) == events[k:]
                assert parts(state) == parts(final)
    assert {(DEAL, False), (DEAL, True), (PLAY, False), (HAND_OVER, True)} <= phases
    assert any(phase == TERMINAL for phase, _ in phases)


def test_round_trip_of_matches_ended_by_declaring_out():
    reasons = set()
    for match_seed in range(40):
        setup = make_setup("chitarrella", seed=20 + match_seed, tre_gradi=True)
        state = State(setup.rules(), setup.seed)
        rnd = random.Random(match_seed)
        while state.phase != TERMINAL:
            step(state, rnd)
        if state.match.reason in (DECLARED, FALSE_DECLARATION):
            reasons.add(state.match.reason)
            data = encode(setup, state, 0)
            _, loaded, _, _, _ = save_read.decode(data)
            assert parts(loaded) == parts(state)
            assert loaded.ply < loaded.rules.plies
    assert reasons == {DECLARED, FALSE_DECLARATION}


def test_round_trip_of_a_deal_thrown_in():
    setup = make_setup()
    state = State(setup.rules())
    for seed in range(5000):
        state.new_match(seed)
        if state.deal() != DEALT:
            break
    else:
        pytest.fail("no seed throws the first deal in")
    assert state.phase == DEAL and state.ply == 0
    _, loaded, _, _, _ = save_read.decode(encode(setup, state, 0))
    assert parts(loaded) == parts(state)
    rnd = random.Random(1)
    events = []
    while state.phase != TERMINAL and len(events) < 60:
        events.append(step(state, rnd))
    assert follow(loaded, events) == events
    assert parts(loaded) == parts(state)


def test_round_trip_of_every_setup_field():
    setup = make_setup("veneto", seed=2**30 - 1, tre_gradi=True, target=31, napola="cap6",
                       level="desktop", language="it", deck="french",
                       review_captures="own_pile", pace="slow", sound=False)
    setup.set_mode(PASS, 4)
    setup.names = ["Niccolò", "Zoë", "Ana", ""]
    state = State(setup.rules(), 5)
    loaded, _, matches, _, _ = save_read.decode(encode(setup, state, 2**32 - 1))
    assert loaded == setup
    assert matches == 2**32 - 1
    watch = make_setup("dieci")
    watch.set_mode(WATCH)
    assert save_read.decode(encode(watch, State(watch.rules()), 0))[0] == watch


@pytest.mark.parametrize(("method", "args", "words"), [
    ("set_mode", (PASS, 2.5), "2 to 4 people, not 2.5"),
    ("set_mode", (PASS, True), "2 to 4 people, not True"),
    ("set_mode", (True, 2), "unknown mode True"),
    ("set_seats", ([0, 0, 2, 1.5],), "1..4 at most once each, not [0, 0, 2, 1.5]"),
    ("set_seats", ([True, 0, 0, 0],), "not [True, 0, 0, 0]"),
    ("set_seats", ([0, 0, 0, 0.0],), "not [0, 0, 0, 0.0]"),
    ("set_seats", ([0, 0, 0, None],), "not [0, 0, 0, None]"),
    ("set_seats", ([[1], 0, 0, 0],), "not [[1], 0, 0, 0]"),
    ("set_seats", ([1, 1, 0, 0],), "not [1, 1, 0, 0]"),
    ("from_preset", ("dieci+veneto",), "unknown preset 'dieci+veneto' (known: chitarrella"),
    ("from_preset", ("chitarrella+tre_gradi",), "unknown preset"),
])
def test_a_setup_refuses_what_a_save_cannot_hold_and_stays_as_it_was(method, args, words):
    """Seats, mode and preset are checked before anything changes: a float, a bool or a
    preset expression would pass a looser check and break the next save (lib/save.py stores
    bytes and the preset's place in PRESETS)."""
    setup = make_setup("veneto", tre_gradi=True)
    setup.set_seats([1, 3, 2, 0])
    before = setup.copy()
    with pytest.raises(ValueError, match=re.escape(words)):
        getattr(setup, method)(*args)
    assert setup == before


# The options byte's two-bit fields: (name, bits' shift, values in the format's order).
TWO_BIT_OPTIONS = (("review_captures", 3, match_setup.REVIEWS), ("pace", 5, match_setup.PACES))


@pytest.mark.parametrize(("name", "shift", "values"), TWO_BIT_OPTIONS)
def test_two_bit_options_round_trip_and_a_save_from_before_them_reads_the_first(name, shift,
                                                                                values):
    for value in values:
        setup = make_setup(**{name: value})
        data = encode(setup, State(setup.rules()), 0)
        assert getattr(save_read.decode(data)[0], name) == value
        _, payload = record_read.unseal(data, save.MAGIC, save.VERSION)
        assert payload[9] >> shift & 3 == values.index(value)
        before = bytearray(payload)
        before[9] &= 7  # as a save written before these options were
        old = save_read.decode(record_file.seal(save.MAGIC, save.VERSION, 0, before))[0]
        assert getattr(old, name) == values[0]  # "none", "normal"


@pytest.mark.parametrize(("name", "shift", "values"), TWO_BIT_OPTIONS)
def test_an_unknown_two_bit_option_is_refused_naming_it(name, shift, values):
    setup = make_setup()
    _, payload = record_read.unseal(encode(setup, State(setup.rules()), 0), save.MAGIC,
                                    save.VERSION)
    payload = bytearray(payload)
    payload[9] |= 3 << shift
    with pytest.raises(SaveError, match=name):
        save_read.decode(record_file.seal(save.MAGIC, save.VERSION, 0, payload))


def test_the_sound_is_kept_and_a_save_from_before_it_reads_on():
    for sound in (True, False):
        setup = make_setup(sound=sound)
        data = encode(setup, State(setup.rules()), 0)
        assert save_read.decode(data)[0].sound is sound
        _, payload = record_read.unseal(data, save.MAGIC, save.VERSION)
        assert payload[9] >> 7 == (not sound)  # bit 7: the sound off
        before = bytearray(payload)
        before[9] &= 0x7F  # as a save written before the sound was
        assert save_read.decode(record_file.seal(save.MAGIC, save.VERSION, 0, before))[0].sound


def test_names_are_cut_to_eight_characters():
    setup = make_setup()
    setup.names = ["Massimiliano", "Bruno", "Carla", "Dario"]
    loaded, _, _, _, _ = save_read.decode(encode(setup, State(setup.rules()), 0))
    assert loaded.names == ["Massimil", "Bruno", "Carla", "Dario"]


def test_every_setup_field_has_a_place_in_the_save():
    # A field added to MatchSetup needs a place in the format (and a VERSION bump, unless a
    # save made before it reads right: review_captures has spare bits, which were 0, "none").
    assert set(vars(MatchSetup())) == {
        "mode", "seats", "names", "level", "language", "deck", "seed", "preset", "tre_gradi",
        "target", "re_bello", "napola", "ace_sweep", "deal_shape", "review_captures", "pace",
        "sound"}


def test_format_tables_cover_the_setup_choices():
    assert set(match_setup.PRESETS) <= set(save.PRESETS)
    assert set(match_setup.LEVELS) <= set(save.LEVELS)
    assert set(match_setup.LANGUAGES) <= set(save.LANGUAGES)
    assert set(match_setup.DECKS) <= set(save.DECKS)
    assert set(match_setup.NAPOLA) <= set(save.NAPOLA)
    assert set(match_setup.DEAL_SHAPES) <= set(save.DEAL_SHAPES)
    assert match_setup.REVIEWS == save.REVIEWS and len(save.REVIEWS) <= 3  # two bits, 3 refused
    assert match_setup.PACES == save.PACES and len(save.PACES) <= 3
    assert len(match_setup.MODES) == save.MODES
    assert max(match_setup.TARGETS) <= 255


def test_encode_leaves_the_state_as_it_was():
    setup = make_setup("dieci")
    state = State(setup.rules(), 3)
    rnd = random.Random(3)
    for _ in range(120):
        before = snapshot(state)
        encode(setup, state, 0)
        assert snapshot(state) == before
        if state.phase == TERMINAL:
            break
        step(state, rnd)


def test_a_position_set_up_mid_hand_cannot_be_saved():
    setup = make_setup()
    state = State(setup.rules())
    state.set_position([[0], [1], [2], [3]], [], turn=0, ply=20)
    with pytest.raises(ValueError, match="unknown plays"):
        encode(setup, state, 0)


def test_scope_made_is_kept_and_checked_against_the_plays():
    setup = make_setup()
    state = State(setup.rules(), 3)
    step(state, random.Random(3))  # the first deal: hand 1
    assert save_read.decode(encode(setup, state, 0, (36, 0)))[3] == (36, 0)
    with pytest.raises(SaveError, match="more scope than the match has had plays"):
        save_read.decode(encode(setup, state, 0, (20, 17)))
    with pytest.raises(ValueError, match="out of the save format's range"):
        encode(setup, state, 0, (0, 0x10000))


def test_the_bots_stream_is_kept_and_checked():
    # The bots' random stream (lib/game.py bot_stream), so a continued match plays on as it
    # would have; zeros when no bot draws; a component outside engine/rng.py's range is not
    # a stream the generator can go on from.
    setup = make_setup()
    state = State(setup.rules(), 3)
    step(state, random.Random(3))
    assert save_read.decode(encode(setup, state, 0))[4] == (0, 0, 0)
    assert save_read.decode(encode(setup, state, 0, (0, 0), (1, 31726, 31656)))[4] == \
        (1, 31726, 31656)
    for broken in ((0, 5, 5), (5, 5, 31657), (32363, 1, 1)):
        with pytest.raises(SaveError, match="broken state of the bots' random stream"):
            save_read.decode(encode(setup, state, 0, (0, 0), broken))


def test_a_score_that_does_not_fit_the_result_is_refused():
    setup = make_setup()
    state = State(setup.rules(), 3)
    step(state, random.Random(3))
    state.score[0] = 255  # past the target of 11, and the match goes on
    with pytest.raises(SaveError, match="score of 255 to 0 that does not fit its result"):
        save_read.decode(encode(setup, state, 0))
    state.score[0] = 12
    state.score[1] = 11
    state.match.overtime = True  # both at the target: the next hand decides (RULES §6.2)
    save_read.decode(encode(setup, state, 0))
    state.score[1] = 10
    with pytest.raises(SaveError, match="does not fit its result"):
        save_read.decode(encode(setup, state, 0))
    _, _, final = play_match(setup, 4)
    save_read.decode(encode(setup, final, 0))
    final.match.winner ^= 1  # the side short of the target, counted a win in the statistics
    with pytest.raises(SaveError, match="does not fit its result"):
        save_read.decode(encode(setup, final, 0))


def test_a_seed_or_hand_number_the_game_cannot_go_on_from_is_refused():
    setup = make_setup()
    state = State(setup.rules(), 3)
    step(state, random.Random(3))
    _, good = record_read.unseal(encode(setup, state, 0), save.MAGIC, save.VERSION)
    payload = bytearray(good)
    payload[13:17] = b"\xff\xff\xff\xff"  # the seed: engine/rng.py takes below 2**30
    with pytest.raises(SaveError, match="seed out of range"):
        save_read.decode(record_file.seal(save.MAGIC, save.VERSION, 0, payload))
    head = bytearray()
    save.put_setup(head, setup)
    payload = bytearray(good)
    payload[len(head) + 20:len(head) + 22] = b"\xff\xff"  # hand_number (the module's layout)
    # the next hand's number would not fit the game's own save (which refuses to write it)
    with pytest.raises(SaveError, match="hand number out of range"):
        save_read.decode(record_file.seal(save.MAGIC, save.VERSION, 0, payload))


def test_the_writer_refuses_what_its_fields_cannot_hold():
    # Only play on from a hand-made save gets a count this far; the app then plays on unsaved
    # (tests/test_app.py). Nothing is written cut to its field's bytes.
    setup = make_setup()
    state = State(setup.rules(), 3)
    step(state, random.Random(3))
    encode(setup, state, 0xFFFFFFFF, (0xFFFF, 0xFFFF))
    with pytest.raises(ValueError, match="out of the save format's range"):
        encode(setup, state, 0x100000000)
    state.hand_number = 0xFFFF  # lib/save_read.py refuses it
    with pytest.raises(ValueError, match="out of the save format's range"):
        encode(setup, state, 0)
    state.hand_number = 1
    state.score[1] = -0x8000  # what a board's array("h") makes of a score past 0x7FFF
    with pytest.raises(ValueError, match="out of the save format's range"):
        encode(setup, state, 0)


def test_match_seeds_stay_below_2_30_however_many_matches():
    from game import match_seed

    setup = make_setup(seed=16384)
    assert match_seed(setup, 3) == 19384
    assert 0 <= match_seed(setup, 0xFFFFFFFF) < 1 << 30  # a save's largest match count


def test_typical_save_is_small():
    setup = make_setup()
    saves, _, _ = play_match(setup, 0)
    sizes = [len(data) for data, _ in saves]
    assert sizes[0] == 84  # before the first deal
    assert max(sizes) <= 204


# -- damaged saves ------------------------------------------------------------------------


def mid_hand_save() -> bytes:
    setup = make_setup("chitarrella", tre_gradi=True)
    state = State(setup.rules(), 9)
    rnd = random.Random(9)
    while state.hand_number < 2 or state.ply < 30:
        step(state, rnd, declare=False)
    assert state.phase == PLAY
    return encode(setup, state, 1)


def test_a_save_cut_at_every_byte_is_refused():
    data = mid_hand_save()
    for size in range(len(data)):
        with pytest.raises(SaveError, match="truncated"):
            save_read.decode(data[:size])
    with pytest.raises(SaveError, match="corrupt"):
        save_read.decode(data + b"\x00")


def test_every_bit_flip_of_a_save_is_refused():
    # CRC-16 detects every single-bit error; the header is covered too.
    data = mid_hand_save()
    for bit in range(len(data) * 8):
        flipped = bytearray(data)
        flipped[bit // 8] ^= 1 << (bit % 8)
        with pytest.raises(SaveError):
            save_read.decode(bytes(flipped))


def assert_playable(setup, state: State) -> None:
    """The decoded match is one the engine can play: finish the hand, deal the next."""
    assert state.rules == setup.rules()
    rnd = random.Random(0)
    for _ in range(60):
        if state.phase == TERMINAL:
            break
        step(state, rnd)
    _, again, _, _, _ = save_read.decode(encode(setup, state, 0))
    assert parts(again) == parts(state)


def test_every_payload_bit_flip_behind_a_good_checksum_restores_a_valid_match_or_is_refused():
    # Past the CRC (a flip and a matching checksum), the loader's own checks must hold.
    data = mid_hand_save()
    _, payload = record_read.unseal(data, save.MAGIC, save.VERSION)
    restored = 0
    for bit in range(len(payload) * 8):
        flipped = bytearray(payload)
        flipped[bit // 8] ^= 1 << (bit % 8)
        try:
            sealed = record_file.seal(save.MAGIC, save.VERSION, 0, flipped)
            setup, state = save_read.decode(sealed)[:2]
        except SaveError as exc:
            assert "\n" not in str(exc)
            continue
        restored += 1
        assert_playable(setup, state)
    assert 0 < restored < len(payload) * 8


def test_random_payloads_behind_a_good_checksum_are_refused_or_valid():
    data = mid_hand_save()
    _, payload = record_read.unseal(data, save.MAGIC, save.VERSION)
    rnd = random.Random(5)
    for trial in range(400):
        damaged = bytearray(payload)
        if trial % 4 == 0:
            damaged = bytearray(rnd.randrange(256) for _ in range(rnd.randrange(120)))
        else:
            for _ in range(1 + trial % 6):
                damaged[rnd.randrange(len(damaged))] = rnd.randrange(256)
        try:
            sealed = record_file.seal(save.MAGIC, save.VERSION, 0, damaged)
            setup, state = save_read.decode(sealed)[:2]
        except SaveError:
            continue
        assert_playable(setup, state)


def test_old_version_is_refused_naming_it():
    _, payload = record_read.unseal(mid_hand_save(), save.MAGIC, save.VERSION)
    with pytest.raises(SaveError, match="version 2; this game reads version 3"):
        save_read.decode(record_file.seal(save.MAGIC, 2, 0, payload))  # before the bots' stream


def test_a_file_of_another_kind_is_refused():
    with pytest.raises(SaveError, match="another kind"):
        save_read.decode(record_file.seal(b"SS", save.VERSION, 0, b"\x00" * 26))


# -- files: load, store, clear, power cuts ------------------------------------------------


def some_saves(count: int) -> list:
    """``count`` successive (setup, state) pairs of one match, a few plays apart."""
    setup = make_setup("dieci", seed=4)
    state = State(setup.rules(), 4)
    rnd = random.Random(4)
    out = []
    for _ in range(count):
        for _ in range(3):
            step(state, rnd)
        out.append(encode(setup, state, 0))
    return out


def store_bytes(directory: str, data: bytes) -> None:
    save.store(directory, *save_read.decode(data))


def loaded_bytes(directory: str):
    loaded = save_read.load(directory)
    return None if loaded is None else encode(*loaded)


def test_missing_save_loads_as_none(tmp_path):
    assert save_read.load(str(tmp_path)) is None
    save.clear(str(tmp_path))  # nothing to clear: no error


def test_store_load_clear(tmp_path):
    directory = str(tmp_path)
    first, second = some_saves(2)
    store_bytes(directory, first)
    assert loaded_bytes(directory) == first
    store_bytes(directory, second)
    assert loaded_bytes(directory) == second
    assert sorted(os.listdir(directory)) == [save.SAVE_NAME]
    save.clear(directory)
    assert os.listdir(directory) == []
    assert save_read.load(directory) is None


def test_directory_with_a_trailing_slash(tmp_path):
    (first,) = some_saves(1)
    store_bytes(str(tmp_path) + "/", first)
    assert loaded_bytes(str(tmp_path)) == first


@pytest.mark.parametrize("damage", ["truncated", "corrupt", "version", "empty"])
def test_unusable_save_is_reported_in_one_line(tmp_path, damage):
    (data,) = some_saves(1)
    if damage == "truncated":
        data = data[:50]
    elif damage == "corrupt":
        data = data[:20] + bytes([data[20] ^ 0x10]) + data[21:]
    elif damage == "version":
        payload = record_read.unseal(data, save.MAGIC, save.VERSION)[1]
        data = record_file.seal(save.MAGIC, 0, 0, payload)
    else:
        data = b""
    (tmp_path / save.SAVE_NAME).write_bytes(data)
    with pytest.raises(SaveError) as info:
        save_read.load(str(tmp_path))
    message = str(info.value)
    assert "\n" not in message and message.startswith(save.SAVE_NAME + ": ")
    assert {"truncated": "truncated", "corrupt": "corrupt", "version": "version 0",
            "empty": "truncated"}[damage] in message


def test_newest_valid_copy_wins(tmp_path):
    first, second = some_saves(2)
    payloads = [record_read.unseal(d, save.MAGIC, save.VERSION)[1] for d in (first, second)]
    main = tmp_path / save.SAVE_NAME
    new = tmp_path / (save.SAVE_NAME + record_file.NEW_SUFFIX)
    for old_seq, new_seq, winner in ((5, 6, second), (0xFFFF, 0, second), (6, 5, first)):
        main.write_bytes(record_file.seal(save.MAGIC, save.VERSION, old_seq, payloads[0]))
        new.write_bytes(record_file.seal(save.MAGIC, save.VERSION, new_seq, payloads[1]))
        assert loaded_bytes(str(tmp_path)) == winner
    main.write_bytes(b"garbage")
    assert loaded_bytes(str(tmp_path)) == second  # a corrupt save, a good .new
    main.unlink()
    assert loaded_bytes(str(tmp_path)) == second  # cut after the old save was removed
    new.write_bytes(second[:30])
    assert save_read.load(str(tmp_path)) is None  # the torn start of a first store


class PowerCut(Exception):
    """The power fails: the store stops here, the files stay as they are."""


class Disk:
    """Stands in for ``os`` and ``open`` in lib/record_file.py: lets a store make ``budget`` steps
    (creating a file, each byte written, a remove, a rename) on the real files, then cuts
    the power. A cut mid-write leaves the bytes written, or with ``filler`` the whole size
    with filler bytes past them (FAT may grow a file before its data lands)."""

    def __init__(self, budget: int, filler: int | None = None) -> None:
        self.budget = budget
        self.filler = filler

    def spend(self, count: int = 1) -> int:
        allowed = min(count, self.budget)
        self.budget -= allowed
        return allowed

    def remove(self, path: str) -> None:
        if not self.spend():
            raise PowerCut
        os.remove(path)

    def rename(self, old: str, new: str) -> None:
        if not self.spend():
            raise PowerCut
        os.rename(old, new)

    def sync(self) -> None:
        pass

    def open(self, path: str, mode: str = "r"):
        if "w" not in mode:
            return builtins.open(path, mode)
        if not self.spend():
            raise PowerCut
        return CutFile(builtins.open(path, mode), self)


class CutFile:
    def __init__(self, file, disk: Disk) -> None:
        self.file = file
        self.disk = disk

    def write(self, data) -> int:
        allowed = self.disk.spend(len(data))
        self.file.write(data[:allowed])
        if allowed < len(data):
            if self.disk.filler is not None:
                self.file.write(bytes([self.disk.filler]) * (len(data) - allowed))
            self.file.close()
            raise PowerCut
        return allowed

    def flush(self) -> None:
        self.file.flush()

    def close(self) -> None:
        self.file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.file.close()


def store_with_cut(monkeypatch, directory: str, data: bytes | None, budget: int,
                   filler: int | None = None, store=None) -> bool:
    """Store the save ``data`` (or call ``store``) with the power cut after ``budget`` steps;
    True if it completed."""
    disk = Disk(budget, filler)
    if store is None:
        setup, state, matches, scope, _ = save_read.decode(data)

        def store():
            save.store(directory, setup, state, matches, scope)

    with monkeypatch.context() as patch:
        patch.setattr(record_file, "os", disk)  # the container writes the files
        patch.setattr(record_file, "open", disk.open, raising=False)
        try:
            store()
        except PowerCut:
            return False
    return True


def files(directory: str) -> dict:
    return {name: open(os.path.join(directory, name), "rb").read()
            for name in os.listdir(directory)}


def restore(directory: str, contents: dict) -> None:
    for name in os.listdir(directory):
        os.remove(os.path.join(directory, name))
    for name, data in contents.items():
        with open(os.path.join(directory, name), "wb") as file:
            file.write(data)


@pytest.mark.parametrize("filler", [None, 0x00, 0xFF])
def test_power_cut_at_every_step_of_a_store_keeps_the_old_or_the_new_save(
        tmp_path, monkeypatch, filler):
    directory = str(tmp_path)
    old, new = some_saves(2)
    store_bytes(directory, old)
    before = files(directory)
    budget = 0
    while not store_with_cut(monkeypatch, directory, new, budget, filler):
        assert loaded_bytes(directory) in (old, new), "cut after %d steps" % budget
        restore(directory, before)
        budget += 1
    assert budget > len(new)
    assert loaded_bytes(directory) == new


def test_power_cut_during_the_first_store_leaves_no_save_or_the_new_one(
        tmp_path, monkeypatch):
    directory = str(tmp_path)
    (first,) = some_saves(1)
    budget = 0
    while not store_with_cut(monkeypatch, directory, first, budget, 0):
        assert loaded_bytes(directory) in (None, first)
        restore(directory, {})
        budget += 1
    assert loaded_bytes(directory) == first


def test_power_cuts_in_two_stores_in_a_row_never_lose_the_newest_save(tmp_path, monkeypatch):
    # The first store is cut at each step boundary (none, .new created, .new written, old
    # removed, renamed); the next store, at every step, must not lose what the first left.
    directory = str(tmp_path)
    old, middle, new = some_saves(3)
    store_bytes(directory, old)
    start = files(directory)
    size = len(middle)
    for first_budget in (0, 1, 2, size // 2, size + 1, size + 2, size + 3):
        restore(directory, start)
        store_with_cut(monkeypatch, directory, middle, first_budget)
        left = files(directory)
        survivor = loaded_bytes(directory)
        assert survivor in (old, middle)
        budget = 0
        while not store_with_cut(monkeypatch, directory, new, budget):
            assert loaded_bytes(directory) in (survivor, new), (first_budget, budget)
            restore(directory, left)
            budget += 1
        assert loaded_bytes(directory) == new
        assert sorted(os.listdir(directory)) == [save.SAVE_NAME]


# -- the same code on MicroPython ---------------------------------------------------------

MP_SCRIPT = """
import sys
root, directory = sys.argv[1], sys.argv[2]
sys.path.append(root + "/lib")
from array import array
import record_file
import record_read
import save
import save_read
from match_setup import MatchSetup
from engine.layout import DEAL, HAND_OVER, TERMINAL
from engine.moves import MAX_MOVES
from engine.state import State
# decode's replay loads engine/edge.py; the unix port compiles it from source, which at the
# script's fullest, fragmented heap sat at the edge of the 256 KB the port is given (it failed
# with a longer test folder path): compiled here, while the heap is still in one piece
import engine.edge


def encode(setup, state, matches, scope=(0, 0), stream=(0, 0, 0)):
    payload = save.payload(setup, state, matches, scope, stream)
    return record_file.seal(save.MAGIC, save.VERSION, 0, payload)


setup = MatchSetup()
setup.from_preset("assi")
setup.names = ["Niccol\\u00f2", "Bruno", "Carla", "Dario"]
state = State(setup.rules(), 3)
moves = [0] * MAX_MOVES
step = 0
while state.phase != TERMINAL and step < 150:
    if state.phase == DEAL:
        state.deal()
    elif state.phase == HAND_OVER:
        state.end_hand()
    else:
        count = state.legal_moves(moves)
        state.apply(moves[(step * 7) % count])
    step += 1
data = encode(setup, state, 4)
loaded, again, matches, scope, _ = save_read.decode(data)
assert loaded == setup and matches == 4
assert bytes(again.where) == bytes(state.where) and again.ply == state.ply
assert encode(loaded, again, matches, scope) == data
save.store(directory, setup, state, 4)
save.store(directory, loaded, again, 4)
assert encode(*save_read.load(directory)) == data
try:
    save_read.decode(data[:-1])
except record_read.SaveError as exc:
    print("refused", exc)
print(data.hex())
"""


def test_save_round_trip_on_micropython_unix(tmp_path):
    script = tmp_path / "save_round_trip.py"
    script.write_text(MP_SCRIPT)
    directory = tmp_path / "drive"
    directory.mkdir()
    output = mpruntime.run_unix(script, ROOT, directory).split("\n")
    assert output[0].startswith("refused save truncated")
    # The same match on CPython gives the same bytes.
    setup = make_setup("assi", seed=1)
    setup.names = ["Niccolò", "Bruno", "Carla", "Dario"]
    state = State(setup.rules(), 3)
    for step_number in range(150):
        if state.phase == TERMINAL:
            break
        if state.phase == DEAL:
            state.deal()
        elif state.phase == HAND_OVER:
            state.end_hand()
        else:
            count = state.legal_moves(MOVES)
            state.apply(MOVES[(step_number * 7) % count])
    assert output[1] == encode(setup, state, 4).hex()
    assert sorted(os.listdir(directory)) == [save.SAVE_NAME]
