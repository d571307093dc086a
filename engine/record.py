"""Game records (RECORD.md, JSON Lines v1): a writer that listens to the match loop, and a
reader that replays a record through the engine and rejects what the rules do not allow.

Outside the hot path: both build strings and dicts. ``RecordError`` names the line (1-based)
and the reason.

Rules: all of them, through the engine; RECORD.md for the format.
Allocation: desktop and edge use only (not called under ``heap_lock``).
"""

import json

from engine import scoring
from engine.cards import card_name, parse_card
from engine.layout import DEAL, HAND_OVER, PLAY, REDEAL_KINGS, TERMINAL, IllegalMove
from engine.match import REASONS
from engine.rules import Rules, RulesError

VERSION = 1
_REDEAL_REASONS = {"kings": REDEAL_KINGS, "table_sum": 2}


class RecordError(ValueError):
    """A malformed or illegal record; ``line`` is the 1-based line number."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__("line %d: %s" % (line, reason))
        self.line = line
        self.reason = reason


def _names(cards) -> list:
    return [card_name(c) for c in cards]


class RecordWriter:
    """A match-loop listener (engine/play.py) writing one JSON object per line to ``out``."""

    def __init__(self, out, preset: str, rules, seed: int, players) -> None:
        self.out = out
        self.preset = preset
        self.rules = rules
        self.seed = seed
        self.players = list(players)
        self.started = False

    def _emit(self, event: dict) -> None:
        self.out.write(json.dumps(event) + "\n")

    def _start(self, state) -> None:
        if not self.started:
            self.started = True
            self._emit({"ev": "match", "v": VERSION, "preset": self.preset,
                        "rules": self.rules.to_dict(), "seed": self.seed,
                        "players": self.players, "first_dealer": state.first_dealer})

    def redeal(self, state, reason: int) -> None:
        self._start(state)
        self._emit({"ev": "redeal", "hand": state.hand_number + 1, "dealer": state.dealer,
                    "table": _names(state.table_cards()),
                    "reason": "kings" if reason == REDEAL_KINGS else "table_sum"})

    def deal(self, state) -> None:
        self._start(state)
        self._emit({"ev": "deal", "hand": state.hand_number, "dealer": state.dealer,
                    "hands": [_names(state.hand_cards(s)) for s in range(4)],
                    "table": _names(state.table_cards())})

    def play(self, state, move: int) -> None:
        seat, card, taken, scopa, self_take = state.play_info(state.ply - 1)
        event = {"ev": "play", "seat": seat, "card": card_name(card), "take": _names(taken),
                 "scopa": scopa}
        if self_take:
            event["self"] = True
        self._emit(event)

    def declare(self, state, seat: int, held: bool) -> None:
        self._emit({"ev": "declare", "seat": seat, "ok": held})

    def hand_end(self, state) -> None:
        self._emit(hand_end_event(state))

    def match_end(self, state) -> None:
        info = state.match
        self._emit({"ev": "match_end", "winner": info.winner, "score": list(state.score),
                    "grade": info.grade, "reason": REASONS[info.reason]})


def hand_end_event(state) -> dict:
    """The hand_end event for the hand ``state`` has just scored."""
    points = state.hand_points
    primiera = [None if points[scoring.PRIMIERA + t] == scoring.INCOMPLETE
                else points[scoring.PRIMIERA + t] for t in range(2)]
    return {
        "ev": "hand_end", "hand": state.hand_number, "last_taker": state.last_taker,
        "rest": _names(state.rest_cards()),
        "cards": [points[scoring.CARDS], points[scoring.CARDS + 1]],
        "denari": [points[scoring.DENARI], points[scoring.DENARI + 1]],
        "primiera": primiera,
        "points": {name: [points[offset], points[offset + 1]]
                   for name, offset in scoring.POINT_KINDS},
        "total": [points[scoring.TOTAL], points[scoring.TOTAL + 1]],
        "match": list(state.score),
    }


class ReplayedMatch:
    """What the reader learned from one match of a record."""

    def __init__(self, header: dict, rules) -> None:
        self.header = header
        self.rules = rules
        self.plays = []  # (seat, card) per play, over the whole match
        self.hands = 0
        self.winner = None
        self.score = None


def read_record(lines) -> list:
    """Replay every match in ``lines`` (an iterable of str, or of UTF-8 bytes such as a file
    opened with "rb"; TypeError for one whole str or bytes); return a list of ReplayedMatch.

    Raises RecordError with the line number for malformed JSON, a missing or wrong field, an
    event out of order, an illegal play or a result that the rules do not give.
    """
    from engine.state import State

    if isinstance(lines, (str, bytes)):  # each character would be read as a line
        raise TypeError("read_record takes the record's lines (a file, or a list such as "
                        "text.splitlines()), not one %s" % type(lines).__name__)
    matches = []
    reader = None
    number = 0
    last = 1  # the line of the last event read
    lines = iter(lines)
    while True:
        number += 1
        try:
            line = next(lines)
        except StopIteration:
            break
        except UnicodeDecodeError as error:  # a text file decodes ahead of its lines
            raise RecordError(number, "not UTF-8 text here or a little further on (%s); "
                              "read it as bytes for the exact line" % error.reason) from None
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as error:
                raise RecordError(number, "not UTF-8 text: %s" % error.reason) from None
        if number == 1 and line.startswith("\ufeff"):
            line = line[1:]  # the byte order mark some Windows editors put first
        if not line.strip():
            continue
        last = number
        try:
            event = _decode(line)
        except _DuplicateKey as error:
            raise RecordError(number, str(error)) from None
        except (ValueError, RecursionError) as error:
            raise RecordError(number, "not JSON: %s" % error) from None
        if not isinstance(event, dict) or not isinstance(event.get("ev"), str):
            raise RecordError(number, "an event must be an object with an 'ev' string")
        kind = event["ev"]
        try:
            if kind == "match":
                if reader is not None and not reader.done:
                    raise ValueError("a new match starts before the last one ended")
                reader = _MatchReader(event, State)
                matches.append(reader.result)
            elif reader is None or reader.done:
                raise ValueError("%r event outside a match" % kind)
            elif reader.state.phase == TERMINAL and kind != "match_end":
                raise ValueError("%r event after the match was decided: match_end is due"
                                 % kind)
            elif kind in _MatchReader.HANDLERS:
                getattr(reader, _MatchReader.HANDLERS[kind])(event)
            else:
                raise ValueError("unknown event %r" % kind)
        except RecordError:
            raise
        except (ValueError, KeyError, TypeError, RulesError, IllegalMove) as error:
            reason = "missing field %r" % error.args[0] if isinstance(error, KeyError) \
                else str(error)
            raise RecordError(number, reason) from None
    if reader is None:  # nothing but blank lines
        raise RecordError(1, "no match in the record: it must start with a match event")
    if not reader.done:
        raise RecordError(last, "the record ends after this line, before match_end")
    return matches


class _DuplicateKey(ValueError):
    """A key given twice in one event."""


def _unique_keys(pairs) -> dict:
    """An event's object, refusing a key given twice: JSON readers differ on which copy
    counts, so such a record does not say one thing."""
    event = {}
    for key, value in pairs:
        if key in event:
            raise _DuplicateKey("duplicate key %r" % key)
        event[key] = value
    return event


if hasattr(json, "JSONDecoder"):  # CPython, where records are read: a key given twice is refused
    _decode = json.JSONDecoder(object_pairs_hook=_unique_keys).decode
else:  # MicroPython's json has no hook
    _decode = json.loads


def _field(event: dict, name: str, kind):
    if name not in event:
        raise KeyError(name)
    value = event[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError("%s must be %s, got %r" % (name, getattr(kind, "__name__", kind), value))
    return value


def _cards(event: dict, name: str) -> list:
    return _card_list(_field(event, name, list), name)


def _card_list(names, what: str) -> list:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("%s must be a list of cards like \"7d\", got %r" % (what, names))
    return [parse_card(n) for n in names]


def _expect(name: str, recorded, actual) -> None:
    if not _same(recorded, actual):
        raise ValueError("%s is %r but the rules give %r" % (name, recorded, actual))


def _same(recorded, actual) -> bool:
    """Equal as JSON values: 1.0 or true is not taken for 1, nor the other way round."""
    if type(recorded) is not type(actual):
        return False
    if isinstance(actual, dict):
        return len(recorded) == len(actual) and all(
            key in recorded and _same(recorded[key], actual[key]) for key in actual)
    if isinstance(actual, list):
        return len(recorded) == len(actual) and all(
            _same(recorded[i], actual[i]) for i in range(len(actual)))
    return recorded == actual


class _MatchReader:
    HANDLERS = {"redeal": "redeal", "deal": "deal", "play": "play", "declare": "declare",
                "hand_end": "hand_end", "match_end": "match_end"}

    def __init__(self, event: dict, state_class) -> None:
        version = event.get("v")
        if type(version) is not int or version != VERSION:
            raise ValueError("unsupported record version %r (this reader knows %d)"
                             % (version, VERSION))
        preset = _field(event, "preset", str)
        recorded = _field(event, "rules", dict) if "rules" in event else {}
        # Every recorded value is passed on (a missing key means the preset's default), so a
        # derived one such as grades_threshold is taken as recorded, not derived again.
        rules = Rules(preset, recorded)
        in_force = rules.to_dict()
        for name, value in recorded.items():  # as JSON values: 11, not "11"
            _expect("rules " + name, value, in_force[name])
        if "seed" in event:
            _field(event, "seed", int)  # not needed to replay (RECORD.md), but an int
        players = _field(event, "players", list)
        if len(players) != 4 or not all(isinstance(p, str) for p in players):
            raise ValueError("players must be four names")
        first_dealer = _field(event, "first_dealer", int)
        if not 0 <= first_dealer <= 3:
            raise ValueError("first_dealer must be 0..3, got %d" % first_dealer)
        self.state = state_class(rules)
        self.state.new_match(0, first_dealer)
        self.result = ReplayedMatch(event, rules)
        self.done = False

    def _check_hand(self, event: dict) -> None:
        state = self.state
        _expect("hand", _field(event, "hand", int), state.hand_number + 1)
        _expect("dealer", _field(event, "dealer", int), state.dealer)

    def redeal(self, event: dict) -> None:
        state = self.state
        if state.phase != DEAL:
            raise ValueError("redeal while a hand is in play")
        self._check_hand(event)
        table = _cards(event, "table")
        if len(table) != 40 - 4 * state.rules.hand_size:
            raise ValueError("a redeal shows the %d table cards of the deal"
                             % (40 - 4 * state.rules.hand_size))
        reason = _field(event, "reason", str)
        if reason not in _REDEAL_REASONS:
            raise ValueError("redeal reason must be kings or table_sum, got %r" % reason)
        state.set_position([[], [], [], []], table, (state.dealer + 1) & 3, 0, state.dealer)
        got = state.redeal_reason()
        state.phase = DEAL
        if got != _REDEAL_REASONS[reason]:
            raise ValueError("table %s is no reason to redeal (%s)"
                             % (" ".join(_names(table)), reason))

    def deal(self, event: dict) -> None:
        state = self.state
        if state.phase != DEAL:
            raise ValueError("deal while a hand is in play")
        self._check_hand(event)
        hands = _field(event, "hands", list)
        if len(hands) != 4:
            raise ValueError("hands must hold four lists")
        cards = [_card_list(hands[seat], "hands[%d]" % seat) for seat in range(4)]
        if state.set_deal(cards, _cards(event, "table")) != 0:
            raise ValueError("this table must be thrown in and redealt (C-9; RULES §3.3)")

    def play(self, event: dict) -> None:
        state = self.state
        if state.phase != PLAY:
            raise ValueError("play while no hand is in play")
        _expect("seat", _field(event, "seat", int), state.turn)
        card = parse_card(_field(event, "card", str))
        taken = _cards(event, "take")
        said_self = _field(event, "self", bool) if "self" in event else False
        state.play(state.move_for(card, taken, said_self))
        seat, _, _, scopa, self_take = state.play_info(state.ply - 1)
        _expect("scopa", _field(event, "scopa", bool), scopa)
        _expect("self", said_self, self_take)
        self.result.plays.append((seat, card))

    def declare(self, event: dict) -> None:
        state = self.state
        seat = _field(event, "seat", int)
        if state.rules.declare_out and state.phase == PLAY:  # else declare() says why not
            _expect("seat", seat, state.turn)
        held = state.declare()
        _expect("ok", _field(event, "ok", bool), held)

    def hand_end(self, event: dict) -> None:
        state = self.state
        if state.phase != HAND_OVER:
            raise ValueError("hand_end before every card is played")
        state.end_hand()
        expected = hand_end_event(state)
        for name, value in expected.items():
            if name == "rest":
                _expect(name, _names(sorted(_cards(event, name))),
                        _names(sorted(_cards(expected, name))))
            elif name != "ev":
                if name not in event:
                    raise KeyError(name)
                _expect(name, event[name], value)
        self.result.hands += 1

    def match_end(self, event: dict) -> None:
        state = self.state
        if state.phase != TERMINAL:
            raise ValueError("match_end while the match goes on")
        info = state.match
        _expect("winner", _field(event, "winner", int), info.winner)
        _expect("score", _field(event, "score", list), list(state.score))
        _expect("grade", _field(event, "grade", int), info.grade)
        _expect("reason", _field(event, "reason", str), REASONS[info.reason])
        self.result.winner = info.winner
        self.result.score = list(state.score)
        self.done = True
