"""Game records (RECORD.md, engine/record.py): round trips, the RECORD.md example, and rejection
of malformed or tampered records with the right line number and reason."""

from __future__ import annotations

import copy
import json
from io import StringIO

import pytest

from conftest import cards, legal_for, position
from engine import observe
from engine.bots import make_bot
from engine.cards import card_name, parse_card
from engine.layout import DEALT
from engine.moves import MAX_MOVES
from engine.play import play_match
from engine.record import RecordError, RecordWriter, read_record
from engine.rules import Rules
from engine.state import State
from sim.selfplay import run_selfplay

PRESETS = ["chitarrella", "figs", "dieci", "assi", "veneto", "tre_gradi", "dieci+tre_gradi",
           "assi+veneto"]
PAIRINGS = [
    ("random", "random", "random", "random"),
    ("greedy", "greedy", "greedy", "greedy"),
    ("greedy", "random", "greedy", "random"),
    ("random", "greedy", "random", "greedy"),
]
# Override sets (RULES §11) that change what a record holds: declarations, redeals for the
# table sum, ties played on, napoleone, partner rotation, grades.
OVERRIDES = [
    ("chitarrella", {"declare_out": True, "grades": "tre_gradi"}),
    ("tre_gradi", {"declare_out": True}),
    ("chitarrella", {"redeal_if_table_sum_le": 20}),
    ("chitarrella", {"tie_at_target": "countback", "last_play_scopa": "counts"}),
    ("chitarrella", {"tie_at_target": "continue_regardless", "dealer_rotation": "fixed"}),
    ("dieci", {"napola": "full", "sum_choice": "fewest_cards", "forced_capture": "turn"}),
    ("assi", {"ace_on_empty_table": "stays", "ace_may_decline": True}),
    ("assi", {"ace_may_decline": True}),
    ("chitarrella", {"rotate_partners_every_n_games": 1, "first_dealer": "first_ace"}),
    ("figs", {"primiera_requires_all_suits": False, "re_bello": True}),
]


def events(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def split_matches(evs: list[dict]) -> list[list[dict]]:
    matches = []
    for event in evs:
        if event["ev"] == "match":
            matches.append([])
        matches[-1].append(event)
    return matches


def check_hand_accounting(evs: list[dict]) -> int:
    """Check each hand_end against the plays of its hand, from the record alone (RECORD.md:
    ``cards``, ``denari``, ``rest``, ``last_taker``, scope and settebello points); return the
    number of hands checked."""
    checked = 0
    table = piles = last = scope = None
    for event in evs:
        kind = event["ev"]
        if kind == "deal":
            table, piles, last, scope = set(event["table"]), [set(), set()], None, [0, 0]
        elif kind == "play":
            team = event["seat"] % 2
            if event["take"] or event.get("self"):
                assert set(event["take"]) <= table
                table -= set(event["take"])
                piles[team] |= {event["card"], *event["take"]}
                last = event["seat"]
            else:
                table.add(event["card"])
            scope[team] += event["scopa"]
        elif kind == "hand_end":
            assert event["last_taker"] == last
            assert sorted(event["rest"]) == sorted(table)
            piles[last % 2] |= table
            assert sorted(piles[0] | piles[1]) == sorted(card_name(c) for c in range(40))
            assert event["cards"] == [len(p) for p in piles]
            assert event["denari"] == [sum(c[1] == "d" for c in p) for p in piles]
            assert event["points"]["scope"] == scope
            assert event["points"]["settebello"] == [int("7d" in p) for p in piles]
            checked += 1
    return checked


def check_round_trip(text: str, preset: str, overrides: dict, matches: int) -> None:
    """``read_record`` gives back what the record holds, match by match."""
    replayed = read_record(text.splitlines())
    assert check_hand_accounting(events(text)) == sum(m.hands for m in replayed)
    written = split_matches(events(text))
    assert len(replayed) == len(written) == matches
    rules = Rules(preset, overrides)
    for match, evs in zip(replayed, written, strict=True):
        header = evs[0]
        assert header["v"] == 1 and header["preset"] == preset
        assert header["rules"] == rules.to_dict()
        assert match.rules == rules
        assert match.header == header
        assert match.plays == [(e["seat"], parse_card(e["card"])) for e in evs
                               if e["ev"] == "play"]
        assert match.hands == sum(1 for e in evs if e["ev"] == "hand_end")
        end = evs[-1]
        assert end["ev"] == "match_end"
        assert (match.winner, match.score) == (end["winner"], end["score"])


@pytest.mark.parametrize("bots", PAIRINGS, ids=[",".join(p) for p in PAIRINGS])
@pytest.mark.parametrize("preset", PRESETS)
def test_selfplay_record_round_trip(preset, bots):
    out = StringIO()
    summary = run_selfplay(preset, 11, 3, list(bots), out=out)
    assert summary.matches == 3
    check_round_trip(out.getvalue(), preset, {}, 3)


@pytest.mark.parametrize("preset, overrides", OVERRIDES,
                         ids=[p + "".join(f"-{k}={v}" for k, v in o.items())
                              for p, o in OVERRIDES])
def test_selfplay_record_round_trip_with_overrides(preset, overrides):
    out = StringIO()
    run_selfplay(preset, 5, 4, ["greedy", "random", "greedy", "random"], overrides, out=out)
    check_round_trip(out.getvalue(), preset, overrides, 4)


def test_round_trip_covers_declarations_and_redeals():
    # The override runs above must actually contain the rarer events they are meant to test.
    out = StringIO()
    run_selfplay("chitarrella", 5, 4, ["greedy", "random", "greedy", "random"],
                 {"declare_out": True, "grades": "tre_gradi"}, out=out)
    assert any(e["ev"] == "declare" for e in events(out.getvalue()))
    out = StringIO()
    run_selfplay("chitarrella", 5, 4, ["greedy", "random", "greedy", "random"],
                 {"redeal_if_table_sum_le": 20}, out=out)
    assert any(e["ev"] == "redeal" and e["reason"] == "table_sum" for e in events(out.getvalue()))
    # an ace left on an empty table where it might take itself (ace_may_decline, RULES §7)
    out = StringIO()
    run_selfplay("assi", 5, 4, ["greedy", "random", "greedy", "random"],
                 {"ace_may_decline": True}, out=out)
    table = set()
    stayed = 0
    for event in events(out.getvalue()):
        if event["ev"] == "deal":
            table = set(event["table"])
        elif event["ev"] == "play":
            if not table and event["card"][0] == "A" and not event.get("self"):
                stayed += 1
            table -= set(event["take"])
            if not event["take"] and not event.get("self"):
                table.add(event["card"])
    assert stayed


@pytest.mark.parametrize("preset, overrides", [
    ("chitarrella", {"target": 16}),
    ("dieci", {"target": 11}),
    ("assi", {"target": 21}),
])
def test_bug_record_with_target_override_reads_back(preset, overrides):
    # RECORD.md: "rules holds every rule parameter in force"; a record written with another
    # target (RULES §6.1: 16, 21, 31 are common) must read back.
    out = StringIO()
    run_selfplay(preset, 2, 2, ["greedy", "random", "greedy", "random"], overrides, out=out)
    check_round_trip(out.getvalue(), preset, overrides, 2)


class Collector:
    """Listener that writes a record and notes independently what the match loop did."""

    def __init__(self, writer: RecordWriter) -> None:
        self.writer = writer
        self.plays = []
        self.hands = 0

    def redeal(self, state, reason):
        self.writer.redeal(state, reason)

    def deal(self, state):
        self.writer.deal(state)

    def play(self, state, move):
        self.plays.append((state.play_info(state.ply - 1)[0], move & 63))
        self.writer.play(state, move)

    def declare(self, state, seat, held):
        self.writer.declare(state, seat, held)

    def hand_end(self, state):
        self.hands += 1
        self.writer.hand_end(state)

    def match_end(self, state):
        self.writer.match_end(state)


@pytest.mark.parametrize("bots", PAIRINGS, ids=[",".join(p) for p in PAIRINGS])
@pytest.mark.parametrize("preset", PRESETS)
def test_record_writer_round_trip(preset, bots):
    rules = Rules(preset)
    state = State(rules)
    out = StringIO()
    results = []
    for seed in (21, 22):
        state.new_match(seed)
        players = [make_bot(name, rules, seed * 4 + seat) for seat, name in enumerate(bots)]
        collector = Collector(RecordWriter(out, preset, rules, seed, bots))
        play_match(state, players, [0] * MAX_MOVES, bytearray(observe.SIZE),
                   collector)
        results.append((collector.plays, collector.hands, state.match.winner, list(state.score)))
    replayed = read_record(out.getvalue().splitlines())
    assert [(m.plays, m.hands, m.winner, m.score) for m in replayed] == results
    assert check_hand_accounting(events(out.getvalue())) == sum(r[1] for r in results)
    assert [m.header["seed"] for m in replayed] == [21, 22]
    assert all(m.header["players"] == list(bots) for m in replayed)


def test_extra_fields_are_ignored():
    # RECORD.md: "extra fields are allowed and ignored by readers".
    lines = sample_record()
    padded = [json.dumps(dict(json.loads(line), note="x", ts=1)) for line in lines]
    assert len(read_record(padded)) == 1


# -- the RECORD.md example --------------------------------------------------------------------

EXAMPLE_TABLE = ["5d", "5s", "3c", "Jb"]
EXAMPLE_PLAYS = [
    {"ev": "play", "seat": 0, "card": "5c", "take": ["5d"], "scopa": False},
    {"ev": "play", "seat": 1, "card": "Jc", "take": ["Jb"], "scopa": False},
    {"ev": "play", "seat": 2, "card": "Jd", "take": ["5s", "3c"], "scopa": True},
]


def example_record() -> list[str]:
    """A full legal record opening with RECORD.md's example deal and three plays.

    The deal is fixed by hand; after the three plays greedy bots finish the match.
    """
    rules = Rules("chitarrella")
    rest = [c for c in range(40)
            if card_name(c) not in EXAMPLE_TABLE + ["5c", "Jc", "Jd"]]
    hands = [cards("5c") + rest[0:8], cards("Jc") + rest[8:16], cards("Jd") + rest[16:24],
             rest[24:33]]
    state = State(rules)
    state.new_match(7, first_dealer=3)
    assert state.set_deal(hands, cards(" ".join(EXAMPLE_TABLE))) == DEALT
    out = StringIO()
    writer = RecordWriter(out, "chitarrella", rules, 7, ["greedy"] * 4)
    writer.deal(state)
    for play in EXAMPLE_PLAYS:
        move = state.move_for(parse_card(play["card"]), cards(" ".join(play["take"])))
        state.play(move)
        writer.play(state, move)
    bots = [make_bot("greedy", rules) for _ in range(4)]
    play_match(state, bots, [0] * MAX_MOVES, bytearray(observe.SIZE), writer)
    return out.getvalue().splitlines()


def test_record_example_reads_back():
    lines = example_record()
    header, deal = json.loads(lines[0]), json.loads(lines[1])
    assert (header["ev"], header["v"], header["preset"], header["seed"],
            header["first_dealer"]) == ("match", 1, "chitarrella", 7, 3)
    assert header["rules"]["deal_shape"] == "9+4" and header["rules"]["target"] == 11
    assert (deal["ev"], deal["hand"], deal["dealer"], deal["table"]) == \
        ("deal", 1, 3, EXAMPLE_TABLE)
    assert [json.loads(line) for line in lines[2:5]] == EXAMPLE_PLAYS
    match, = read_record(lines)
    assert match.plays[:3] == [(0, parse_card("5c")), (1, parse_card("Jc")),
                               (2, parse_card("Jd"))]
    assert json.loads(lines[-1])["ev"] == "match_end"


def test_record_example_five_takes_one_five():
    state = position(("5c", "Jc", "Jd", "2b"), " ".join(EXAMPLE_TABLE))
    assert legal_for(state, "5c") == {frozenset({"5d"}), frozenset({"5s"})}


def test_record_example_fante_must_take_the_fante():
    state = position(("", "Jc", "", ""), "5s 3c Jb", turn=1, ply=1)
    assert legal_for(state, "Jc") == {frozenset({"Jb"})}


def test_record_example_later_fante_sweeps_for_a_scopa():
    state = position(("", "", "Jd", ""), "5s 3c", turn=2, ply=2)
    assert legal_for(state, "Jd") == {frozenset({"5s", "3c"})}


def _replace(lines: list[str], index: int, **fields) -> list[str]:
    event = json.loads(lines[index])
    event.update(fields)
    return lines[:index] + [json.dumps(event)] + lines[index + 1:]


def reject(lines: list[str], line: int, *words: str) -> RecordError:
    """Assert ``read_record`` rejects ``lines`` at 1-based ``line`` with all ``words``."""
    with pytest.raises(RecordError) as caught:
        read_record(lines)
    error = caught.value
    assert error.line == line, f"rejected at line {error.line}, not {line}: {error.reason}"
    for word in words:
        assert word.lower() in error.reason.lower(), error.reason
    assert str(error).startswith(f"line {line}:")
    return error


@pytest.mark.parametrize("index, take, words", [
    (3, ["5s", "3c"], ("Jc", "equal", "Jb")),  # seat 1's fante may not take 5 + 3
    (2, ["5d", "5s"], ("5c",)),  # a five takes exactly one five
    (2, [], ("5c", "capture")),  # nor may it be trailed
    (4, ["5s"], ("Jd",)),  # the later fante cannot take the five alone
])
def test_record_example_illegal_takes_are_rejected(index, take, words):
    reject(_replace(example_record(), index, take=take), index + 1, *words)


def test_record_example_scopa_flag_must_be_true():
    reject(_replace(example_record(), 4, scopa=False), 5, "scopa")


def test_record_example_other_five_is_a_legal_choice_but_breaks_the_sweep():
    # Taking the 5s instead is legal; the record then fails where the fante takes the 5s.
    reject(_replace(example_record(), 2, take=["5s"]), 5, "5s", "not on the table")


def test_record_example_with_the_kings_redeal():
    lines = example_record()
    redeal = {"ev": "redeal", "hand": 1, "dealer": 3, "table": ["Kd", "Kc", "Ks", "4b"],
              "reason": "kings"}
    assert read_record([lines[0], json.dumps(redeal)] + lines[1:])[0].plays[:1] == \
        [(0, parse_card("5c"))]
    redeal["reason"] = "table_sum"
    reject([lines[0], json.dumps(redeal)] + lines[1:], 2, "no reason to redeal")


# -- malformed records ------------------------------------------------------------------------

_SAMPLE = {}


def sample_record(preset: str = "chitarrella", bots=("greedy", "random", "greedy", "random"),
                  seed: int = 3, overrides=None) -> list[str]:
    key = (preset, bots, seed, tuple(sorted((overrides or {}).items())))
    if key not in _SAMPLE:
        out = StringIO()
        run_selfplay(preset, seed, 1, list(bots), overrides, out=out)
        _SAMPLE[key] = out.getvalue().splitlines()
    return list(_SAMPLE[key])


def first(lines: list[str], kind: str, start: int = 0) -> int:
    """Index of the first ``kind`` event at or after ``start``."""
    return next(i for i in range(start, len(lines)) if json.loads(lines[i])["ev"] == kind)


def test_reads_a_record_whose_explicit_rule_equals_the_presets_default():
    # grades_threshold 5 is chitarrella's own (for target 11); with target 16 it is no longer
    # what the preset derives (7), and the replay must keep it as recorded
    lines = sample_record("chitarrella+tre_gradi", overrides={"target": 16,
                                                               "grades_threshold": 5})
    assert json.loads(lines[0])["rules"]["grades_threshold"] == 5
    assert len(read_record(lines)) == 1


def test_rejects_values_that_only_look_right():
    lines = sample_record()
    reject(_replace(lines, 0, v=True), 1, "version")
    header = json.loads(lines[0])
    header["rules"]["target"] = "11"
    reject([json.dumps(header)] + lines[1:], 1, "rules target", "'11'")
    reject(_replace(lines, 0, seed="abc"), 1, "seed")
    index = first(lines, "play")
    reject(_replace(lines, index, self=[]), index + 1, "self")
    index = first(lines, "hand_end")
    hand = json.loads(lines[index])["hand"]
    reject(_replace(lines, index, hand=float(hand)), index + 1, "hand")
    index = first(lines, "deal")
    reject(_replace(lines, index, hands=[1, 2, 3, 4]), index + 1, "hands[0]", "list of cards")


def test_rejects_text_that_is_not_utf8_or_json_nested_too_deep(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(sample_record()[0].encode() + b"\n\xff\xfe\n")
    with open(path, "rb") as lines, pytest.raises(RecordError) as caught:
        read_record(lines)  # as bytes: the exact line
    assert caught.value.line == 2 and "not UTF-8" in caught.value.reason
    with open(path, encoding="utf-8") as lines, pytest.raises(RecordError) as caught:
        read_record(lines)  # as text, decoded ahead: the line or one before it
    assert caught.value.line <= 2 and "not UTF-8" in caught.value.reason
    reject(["[" * 100000 + "]" * 100000], 1, "not JSON")


def test_one_whole_text_is_refused_for_its_lines():
    # each character would be read as a line: "line 1: not JSON" would mislead
    text = "\n".join(sample_record())
    for whole in (text, text.encode()):
        with pytest.raises(TypeError, match="splitlines"):
            read_record(whole)
    assert len(read_record(text.splitlines())) == 1


def test_rejects_a_line_that_is_not_json():
    lines = sample_record()
    lines[4] = '{"ev": "play", "seat": '
    reject(lines, 5, "not JSON")


def test_rejects_an_event_without_ev():
    lines = sample_record()
    event = json.loads(lines[3])
    del event["ev"]
    lines[3] = json.dumps(event)
    reject(lines, 4, "'ev'")


@pytest.mark.parametrize("text", ['[1, 2]', '"play"', '{"ev": 3}'])
def test_rejects_an_event_that_is_not_an_object_with_an_ev_string(text):
    lines = sample_record()
    lines[2] = text
    reject(lines, 3, "'ev'")


def test_rejects_an_unknown_event():
    lines = sample_record()
    lines.insert(2, json.dumps({"ev": "shuffle", "hand": 1}))
    reject(lines, 3, "unknown event", "shuffle")


@pytest.mark.parametrize("version", [2, 0, "1", None])
def test_rejects_a_wrong_version(version):
    reject(_replace(sample_record(), 0, v=version), 1, "version")


def test_rejects_a_missing_version():
    lines = sample_record()
    header = json.loads(lines[0])
    del header["v"]
    reject([json.dumps(header)] + lines[1:], 1, "version")


def test_rejects_an_unknown_preset():
    reject(_replace(sample_record(), 0, preset="briscola"), 1, "unknown preset", "briscola")


def test_rejects_two_base_presets_in_the_header():
    reject(_replace(sample_record(), 0, preset="dieci+assi"), 1, "dieci", "assi")


def test_rejects_an_unknown_rule_in_the_header():
    header = json.loads(sample_record()[0])
    header["rules"]["jokers"] = True
    reject([json.dumps(header)] + sample_record()[1:], 1, "unknown rule", "jokers")


def test_rejects_a_bad_rule_value_in_the_header():
    header = json.loads(sample_record()[0])
    header["rules"]["sum_choice"] = "most_cards"
    reject([json.dumps(header)] + sample_record()[1:], 1, "sum_choice")


@pytest.mark.parametrize("field, value", [("players", ["greedy"] * 3),
                                          ("first_dealer", 4), ("first_dealer", "0")])
def test_rejects_a_bad_header_field(field, value):
    reject(_replace(sample_record(), 0, **{field: value}), 1, field)


def test_rejects_a_header_whose_rules_differ_from_the_play():
    # With target 1 the first hand ends the match, so the rest of the record is refused.
    lines = sample_record()
    header = json.loads(lines[0])
    header["rules"]["target"] = 1  # the first hand now ends the match
    with pytest.raises(RecordError) as caught:
        read_record([json.dumps(header)] + lines[1:])
    assert caught.value.line > 2


def test_rejects_a_play_out_of_turn():
    lines = sample_record()
    index = first(lines, "play")
    lines[index], lines[index + 1] = lines[index + 1], lines[index]
    reject(lines, index + 1, "seat")


def test_rejects_a_play_with_the_wrong_seat():
    lines = sample_record()
    index = first(lines, "play")
    seat = json.loads(lines[index])["seat"]
    reject(_replace(lines, index, seat=(seat + 2) % 4), index + 1, "seat")


def test_rejects_a_card_not_in_hand():
    lines = sample_record()
    deal = json.loads(lines[first(lines, "deal")])
    index = first(lines, "play")
    seat = json.loads(lines[index])["seat"]
    other = deal["hands"][(seat + 1) % 4][0]
    reject(_replace(lines, index, card=other, take=[]), index + 1, other, "hand")


def test_rejects_a_card_already_played():
    lines = sample_record()
    index = first(lines, "play")
    played = json.loads(lines[index])["card"]
    later = index + 4  # the same seat's next play
    assert json.loads(lines[later])["seat"] == json.loads(lines[index])["seat"]
    reject(_replace(lines, later, card=played, take=[]), later + 1, played)


@pytest.mark.parametrize("name", ["7x", "10d", 7, ""])
def test_rejects_a_bad_card_name(name):
    lines = sample_record()
    index = first(lines, "play")
    reject(_replace(lines, index, card=name), index + 1)


def test_rejects_a_sum_when_an_equal_card_is_on_the_table():
    # C-11: the 7d must take the 7c, not 3 + 4 (RULES §9.1).
    lines = sample_record()
    header = lines[0]
    dealer = json.loads(lines[1])["dealer"]
    leader = (dealer + 1) % 4
    table = ["3b", "4s", "7c", "Kb"]
    rest = [card_name(c) for c in range(40) if card_name(c) not in table + ["7d"]]
    hands = [None] * 4
    hands[leader] = ["7d"] + rest[:8]
    for i, seat in enumerate(s for s in range(4) if s != leader):
        hands[seat] = rest[8 + 9 * i:17 + 9 * i]
    deal = {"ev": "deal", "hand": 1, "dealer": dealer, "hands": hands, "table": table}
    play = {"ev": "play", "seat": leader, "card": "7d", "take": ["3b", "4s"], "scopa": False}
    reject([header, json.dumps(deal), json.dumps(play)], 3, "7d", "equal", "7c")
    play["take"] = ["7c"]
    # The legal take passes; the record then ends early.
    reject([header, json.dumps(deal), json.dumps(play)], 3,
           "ends after this line, before match_end")


def test_rejects_a_take_of_a_card_not_on_the_table():
    lines = sample_record()
    index = first(lines, "play")
    deal = json.loads(lines[first(lines, "deal")])
    seat = json.loads(lines[index])["seat"]
    mine = deal["hands"][seat][1]
    reject(_replace(lines, index, take=[mine]), index + 1, mine, "not on the table")


def test_bug_rejects_a_take_naming_a_card_twice():
    # RECORD.md: ``take`` lists the cards taken; a card cannot be taken twice.
    lines = sample_record()
    index = next(i for i, line in enumerate(lines)
                 if json.loads(line)["ev"] == "play" and len(json.loads(line)["take"]) == 1)
    take = json.loads(lines[index])["take"]
    reject(_replace(lines, index, take=take * 2), index + 1, take[0])


def test_rejects_a_wrong_scopa_flag():
    lines = sample_record()
    index = first(lines, "play")
    scopa = json.loads(lines[index])["scopa"]
    reject(_replace(lines, index, scopa=not scopa), index + 1, "scopa")


def test_rejects_a_scopa_flag_that_is_not_a_bool():
    lines = sample_record()
    index = first(lines, "play")
    reject(_replace(lines, index, scopa=0), index + 1, "scopa")


def test_rejects_a_wrong_self_flag():
    lines = sample_record()
    index = first(lines, "play")
    reject(_replace(lines, index, self=True), index + 1, "self")


@pytest.mark.parametrize("field", ["total", "match", "cards", "denari", "primiera",
                                   "last_taker", "hand"])
def test_rejects_wrong_hand_end_totals(field):
    lines = sample_record()
    index = first(lines, "hand_end")
    event = json.loads(lines[index])
    value = event[field]
    if isinstance(value, list):
        value = [value[0] + 1 if value[0] is not None else 70] + value[1:]
    else:
        value = (value + 1) % 4
    reject(_replace(lines, index, **{field: value}), index + 1, field)


@pytest.mark.parametrize("kind", ["carte", "denari", "settebello", "primiera", "scope",
                                  "re_bello", "napola"])
def test_rejects_wrong_hand_end_points(kind):
    lines = sample_record()
    index = first(lines, "hand_end")
    event = json.loads(lines[index])
    event["points"][kind] = [event["points"][kind][0] + 1, event["points"][kind][1]]
    lines[index] = json.dumps(event)
    reject(lines, index + 1, "points")


def test_rejects_a_wrong_rest():
    lines = sample_record()
    index = first(lines, "hand_end")
    rest = json.loads(lines[index])["rest"]
    reject(_replace(lines, index, rest=rest + ["Kd"] if "Kd" not in rest else rest[1:]),
           index + 1, "rest")


def test_rejects_a_hand_end_missing_a_field():
    lines = sample_record()
    index = first(lines, "hand_end")
    event = json.loads(lines[index])
    del event["points"]
    lines[index] = json.dumps(event)
    reject(lines, index + 1, "points")


def test_rejects_a_hand_end_before_the_hand_is_over():
    lines = sample_record()
    index = first(lines, "hand_end")
    del lines[index - 1]  # the last play of the hand
    reject(lines, index, "hand_end")


@pytest.mark.parametrize("field, value", [("winner", None), ("score", [0, 0]),
                                          ("grade", 2), ("reason", "declared")])
def test_rejects_a_wrong_match_end(field, value):
    lines = sample_record()
    end = json.loads(lines[-1])
    if field == "winner":
        value = 1 - end["winner"]
    reject(_replace(lines, len(lines) - 1, **{field: value}), len(lines), field)


def test_rejects_a_match_end_while_the_match_goes_on():
    lines = sample_record()
    assert sum(1 for line in lines if json.loads(line)["ev"] == "hand_end") > 1
    index = first(lines, "hand_end")
    reject(lines[:index + 1] + lines[-1:], index + 2, "match_end")


def test_a_byte_order_mark_before_the_first_line_is_read_past():
    # as a record saved again by a Windows editor begins
    lines = sample_record()
    assert len(read_record(["\ufeff" + lines[0]] + lines[1:])) == 1
    encoded = [line.encode("utf-8") for line in lines]
    assert len(read_record([b"\xef\xbb\xbf" + encoded[0]] + encoded[1:])) == 1
    reject(lines[:1] + ["\ufeff" + lines[1]] + lines[2:], 2, "not JSON")  # only the first


def test_rejects_a_truncated_record():
    lines = sample_record()
    # the line named is the last one the record has, blank lines after it aside
    reject(lines[:-1], len(lines) - 1, "ends after this line, before match_end")
    cut = first(lines, "play") + 5
    reject(lines[:cut] + ["", " "], cut, "ends after this line, before match_end")


@pytest.mark.parametrize("lines", [[], ["", "  "]])
def test_rejects_a_record_without_a_match(lines):
    reject(lines, 1, "no match")


@pytest.mark.parametrize("kind", ["redeal", "deal", "play", "declare", "hand_end"])
def test_rejects_an_event_after_the_deciding_hand_end(kind):
    lines = sample_record()
    assert json.loads(lines[-1])["ev"] == "match_end"
    extra = next(line for line in lines if json.loads(line)["ev"] in (kind, "play"))
    extra = json.dumps(dict(json.loads(extra), ev=kind))
    reject(lines[:-1] + [extra], len(lines), "decided", "match_end")


def test_rejects_an_event_before_the_match_header():
    lines = sample_record()
    reject(lines[1:], 1, "outside a match")


def test_rejects_an_event_after_match_end():
    lines = sample_record()
    reject(lines + [lines[1]], len(lines) + 1, "outside a match")


def test_rejects_a_second_header_inside_a_match():
    lines = sample_record()
    reject(lines[:3] + lines, 4, "new match")


def test_reads_two_matches_in_one_record():
    lines = sample_record() + sample_record(seed=4)
    assert len(read_record(lines)) == 2


def test_rejects_a_deal_without_40_distinct_cards():
    lines = sample_record()
    index = first(lines, "deal")
    deal = json.loads(lines[index])
    deal["hands"][0][0] = deal["hands"][1][0]  # a card twice, another missing
    lines[index] = json.dumps(deal)
    reject(lines, index + 1, "40 cards")


@pytest.mark.parametrize("change", ["short_hand", "five_on_table", "bad_name"])
def test_rejects_a_deal_of_the_wrong_shape(change):
    lines = sample_record()
    index = first(lines, "deal")
    deal = json.loads(lines[index])
    if change == "short_hand":
        deal["table"].append(deal["hands"][0].pop())
    elif change == "five_on_table":
        deal["table"].append(deal["hands"][3].pop())
        deal["hands"][0].append(deal["hands"][3][0])
    else:
        deal["table"][0] = "Xd"
    lines[index] = json.dumps(deal)
    reject(lines, index + 1)


@pytest.mark.parametrize("field, delta", [("hand", 1), ("dealer", 1)])
def test_rejects_a_deal_with_the_wrong_hand_or_dealer(field, delta):
    lines = sample_record()
    index = first(lines, "deal")
    value = json.loads(lines[index])[field]
    reject(_replace(lines, index, **{field: (value + delta) % 4}), index + 1, field)


def test_rejects_a_deal_that_must_be_thrown_in():
    lines = sample_record()
    index = first(lines, "deal")
    deal = json.loads(lines[index])
    kings = [name for name in ("Kd", "Kc", "Kb") if name not in deal["table"]]
    for king in kings:  # move three kings onto the table, in exchange for table cards
        for hand in deal["hands"]:
            if king in hand:
                spare = next(c for c in deal["table"] if c[0] != "K")
                hand[hand.index(king)] = spare
                deal["table"][deal["table"].index(spare)] = king
    lines[index] = json.dumps(deal)
    reject(lines, index + 1, "redealt")


@pytest.mark.parametrize("table, reason", [
    (["Kd", "Kc", "2s", "4b"], "kings"),  # two kings are no reason (C-9 needs three)
    (["Kd", "Kc", "Ks", "4b"], "table_sum"),  # the table_sum rule is off
    (["Ad", "2c", "3s", "Qb"], "table_sum"),
])
def test_rejects_a_redeal_the_table_does_not_justify(table, reason):
    lines = sample_record()
    deal = json.loads(lines[1])
    redeal = {"ev": "redeal", "hand": 1, "dealer": deal["dealer"], "table": table,
              "reason": reason}
    reject([lines[0], json.dumps(redeal)] + lines[1:], 2, "redeal")


def test_accepts_a_table_sum_redeal_when_the_rule_is_on():
    lines = sample_record(overrides={"redeal_if_table_sum_le": 10})
    deal = json.loads(lines[1])
    redeal = {"ev": "redeal", "hand": 1, "dealer": deal["dealer"],
              "table": ["Ad", "2c", "3s", "4b"], "reason": "table_sum"}
    assert read_record([lines[0], json.dumps(redeal)] + lines[1:])
    redeal["table"] = ["Ad", "2c", "3s", "5b"]  # 11 is over the threshold
    reject([lines[0], json.dumps(redeal)] + lines[1:], 2, "redeal")


def test_rejects_a_redeal_in_a_ten_card_game():
    lines = sample_record("dieci")
    deal = json.loads(lines[1])
    redeal = {"ev": "redeal", "hand": 1, "dealer": deal["dealer"],
              "table": ["Kd", "Kc", "Ks", "4b"], "reason": "kings"}
    reject([lines[0], json.dumps(redeal)] + lines[1:], 2, "redeal")


@pytest.mark.parametrize("table", [["Kd", "Kc", "Ks"], ["Kd", "Kc", "Ks", "Kb", "2c"]])
def test_bug_rejects_a_redeal_table_of_the_wrong_size(table):
    # A 9+4 deal puts four cards on the table (RULES §3.1); a thrown-in table is one of them.
    lines = sample_record()
    deal = json.loads(lines[1])
    redeal = {"ev": "redeal", "hand": 1, "dealer": deal["dealer"], "table": table,
              "reason": "kings"}
    reject([lines[0], json.dumps(redeal)] + lines[1:], 2, "table")


def test_rejects_a_redeal_while_a_hand_is_in_play():
    lines = sample_record()
    index = first(lines, "play")
    deal = json.loads(lines[1])
    redeal = {"ev": "redeal", "hand": 1, "dealer": deal["dealer"],
              "table": ["Kd", "Kc", "Ks", "4b"], "reason": "kings"}
    reject(lines[:index] + [json.dumps(redeal)] + lines[index:], index + 1, "redeal")


def test_rejects_a_declaration_when_declaring_out_is_off():
    lines = sample_record()
    index = first(lines, "play")
    seat = json.loads(lines[index])["seat"]
    declare = {"ev": "declare", "seat": seat, "ok": True}
    reject(lines[:index] + [json.dumps(declare)] + lines[index:], index + 1, "declare")


def test_rejects_a_declaration_with_the_wrong_outcome():
    out = StringIO()
    run_selfplay("chitarrella", 5, 4, ["greedy", "random", "greedy", "random"],
                 {"declare_out": True, "grades": "tre_gradi"}, out=out)
    lines = out.getvalue().splitlines()
    index = first(lines, "declare")
    reject(_replace(lines, index, ok=not json.loads(lines[index])["ok"]), index + 1, "ok")


# -- tampering --------------------------------------------------------------------------------


def tampered_variants(lines: list[str]):
    """Yield (1-based line, description, tampered lines): one change each, all illegal.

    Every card is dealt once and every table card is taken once, so any change to a play's
    card or take must surface at that play, at a later one, or in the hand's totals.
    """
    hands = table = None
    for index, line in enumerate(lines):
        event = json.loads(line)
        kind = event["ev"]
        if kind == "deal":
            hands = [list(h) for h in event["hands"]]
            table = list(event["table"])
            swapped = copy.deepcopy(event)
            swapped["hands"][0][0], swapped["hands"][1][0] = \
                swapped["hands"][1][0], swapped["hands"][0][0]
            yield index + 1, "deal: swap two seats' cards", \
                lines[:index] + [json.dumps(swapped)] + lines[index + 1:]
            if event["table"]:
                swapped = copy.deepcopy(event)
                swapped["hands"][2][0], swapped["table"][0] = \
                    swapped["table"][0], swapped["hands"][2][0]
                yield index + 1, "deal: swap a hand card with a table card", \
                    lines[:index] + [json.dumps(swapped)] + lines[index + 1:]
        elif kind == "play":
            seat, card, take = event["seat"], event["card"], event["take"]
            others = [c for c in hands[seat] if c != card]
            if others:
                yield index + 1, f"play: {card} -> {others[0]}", \
                    _replace(lines, index, card=others[0])
            outsider = next(c for h in hands if h is not hands[seat] for c in h) \
                if any(h for h in hands if h is not hands[seat]) else None
            if outsider:
                yield index + 1, f"play: {card} -> {outsider}", \
                    _replace(lines, index, card=outsider)
            untaken = [c for c in table if c not in take]
            if take:
                yield index + 1, "play: take dropped", _replace(lines, index, take=[])
                for other in untaken[:2]:
                    yield index + 1, f"play: take {take[0]} -> {other}", \
                        _replace(lines, index, take=[other] + take[1:])
                    yield index + 1, f"play: take also {other}", \
                        _replace(lines, index, take=take + [other])
                if len(take) > 1:
                    yield index + 1, "play: take one card fewer", \
                        _replace(lines, index, take=take[1:])
            elif untaken:
                yield index + 1, f"play: trail -> take {untaken[0]}", \
                    _replace(lines, index, take=[untaken[0]])
            yield index + 1, "play: scopa flipped", \
                _replace(lines, index, scopa=not event["scopa"])
            hands[seat].remove(card)
            if take:
                for c in take:
                    table.remove(c)
            elif not event.get("self"):
                table.append(card)
        elif kind == "hand_end":
            for field in ("cards", "denari", "total", "match"):
                value = event[field]
                yield index + 1, f"hand_end: {field}", \
                    _replace(lines, index, **{field: [value[1], value[0]]
                                              if value[0] != value[1] else [value[0] + 1,
                                                                            value[1]]})
        elif kind == "match_end":
            yield index + 1, "match_end: winner", \
                _replace(lines, index, winner=1 - event["winner"])


@pytest.mark.parametrize("preset, bots", [
    ("chitarrella", ("greedy", "random", "greedy", "random")),
    ("dieci", ("random", "greedy", "random", "greedy")),
    ("assi", ("greedy", "greedy", "random", "random")),
])
def test_every_tampered_line_is_rejected(preset, bots):
    # The cost grows with the square of the record's length: take the shortest of a few.
    lines = min((sample_record(preset, bots, seed=seed) for seed in range(1, 13)), key=len)
    assert read_record(lines)
    count = 0
    for line, description, tampered in tampered_variants(lines):
        count += 1
        try:
            read_record(tampered)
        except RecordError as error:
            assert error.line >= line, f"{description}: blamed line {error.line} < {line}"
        else:
            pytest.fail(f"line {line}, {description}: tampered record accepted")
    assert count > 200


def test_rejects_a_key_given_twice():
    # JSON readers differ on which copy of a repeated key counts: such a record says two things.
    lines = sample_record()
    index = first(lines, "play")
    doubled = lines[index][:-1] + ', "seat": 9}'
    reject(lines[:index] + [doubled] + lines[index + 1:], index + 1, "duplicate key 'seat'")
    header = lines[0].replace('"ev": "match"', '"ev": "chat", "ev": "match"')
    error = reject([header] + lines[1:], 1, "duplicate key 'ev'")
    assert "not JSON" not in error.reason  # it is JSON; it just says two things


def test_a_missing_field_is_named_once_quoted():
    lines = sample_record()
    index = first(lines, "play")
    event = json.loads(lines[index])
    del event["scopa"]
    error = reject(lines[:index] + [json.dumps(event)] + lines[index + 1:], index + 1)
    assert error.reason == "missing field 'scopa'"


def test_a_wrong_rest_is_told_in_card_names():
    lines = sample_record()
    index = first(lines, "hand_end")
    rest = json.loads(lines[index])["rest"]
    told = rest + ["Kd"] if "Kd" not in rest else rest[1:]
    error = reject(_replace(lines, index, rest=told), index + 1, "rest")
    for name in set(rest + told):  # both lists, as names, not the engine's card numbers
        assert repr(name) in error.reason, error.reason


def test_a_declaration_between_hands_is_refused_for_being_out_of_play():
    out = StringIO()
    run_selfplay("chitarrella", 5, 4, ["greedy", "random", "greedy", "random"],
                 {"declare_out": True}, out=out)
    lines = out.getvalue().splitlines()
    index = first(lines, "hand_end") + 1
    for seat in range(4):  # whatever the seat, the reason is the moment
        declare = {"ev": "declare", "seat": seat, "ok": False}
        reject(lines[:index] + [json.dumps(declare)] + lines[index:], index + 1,
               "only at its turn in play")
