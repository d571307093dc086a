"""Saved games: the match in progress, in a small file that a power cut cannot ruin.

The app stores the match after every play (``store``) and offers to continue it at start-up
(``load``). A hand in progress is kept as its deal and its plays; ``decode`` replays them
through the engine's own checks, so every derived buffer (piles, logs, table slot masks,
scope) comes back as the engine made it, and an illegal play in a save is refused like a bad
move. The PRNG's state is kept, so the next deals are the ones the match would have had.
Bots are not saved: they hold no state a match needs, and the app makes them afresh from
``setup.seed`` and ``matches`` (their search may choose differently after a resume).

The file is written atomically (lib/record_file.py: a power cut leaves the old or the new
save, never neither) in a container with a version byte and a CRC.

File layout: numbers are little-endian, ``i8``/``i16`` two's complement; the payload sits in
lib/record_file.py's container with magic ``SG``.

======  =====  ==============================================================================
offset  bytes  payload version 1: the set-up (lib/match_setup.py; the index tables below)
======  =====  ==============================================================================
0       1      mode (``MODES`` index)
1       4      seats 0..3: BOT (0) or person 1..4
5       1      level (``LEVELS``)
6       1      language (``LANGUAGES``)
7       1      deck (``DECKS``)
8       1      preset (``PRESETS``)
9       1      options: bit 0 tre_gradi (which brings declare_out), 1 re_bello, 2 ace_sweep
10      1      target
11      1      napola (``NAPOLA``)
12      1      deal_shape (``DEAL_SHAPES``)
13      4      seed (u32)
17      4 x    names of persons 1..4: length (u8), then UTF-8, at most ``NAME_CHARS`` chars
======  =====  ==============================================================================

======  =====  ==============================================================================
offset  bytes  then the match, from the end of the names (engine/state.py, match.py, rng.py)
======  =====  ==============================================================================
0       4      matches played before this one (u32; the app seeds bots with it)
4       6      PRNG components s1, s2, s3 (u16 each)
10      4      score of team 0, team 1 (i16 each, 0..255: engine/observe.py holds bytes)
14      2      hand_number (u16)
16      3      phase, dealer, first_dealer (u8 each)
19      5      MatchInfo: winner (i8), grade, reason, overtime (u8), declarer (i8)
24      1      plays made in the hand held (0..40), or ``NO_DEAL`` (255) before any deal
25      40     the deal: seats 0..3's hands in slot order, then the table in slot order
65      1-3    each play: the card, | 0x40 for SELF_TAKE, | 0x80 for ACE_SWEEP; then, when
               the table holds cards, the slots taken as a mask over the occupied slots in
               slot order (u8 up to 8 table cards, u16 above)
======  =====  ==============================================================================

Sizes with the default names (23 bytes of names): 74 bytes before the first deal, 114 after
a deal, 150 on average over a match, 186 once a 9+4 hand is played out, 193 for 10+0. The hand
played out stays in the save between hands, so the app can still show its breakdown after a
resume. The Rules are not stored: ``setup.rules()`` makes them again.

What a decoded State holds beyond the engine's own replay: the score, the dealers, the phase,
the match info and the PRNG as saved; ``hand_points`` scored afresh when the hand held is
over (it is what ``end_hand`` scored), zeros during a hand (``end_hand`` rewrites them before
anyone reads them). The shuffle buffer ``deck`` is not kept: ``deal`` refills it.

Allocation: edge only (lists and bytes per store and load).
"""

import match_setup
from record_file import (  # noqa: F401  (NEW_SUFFIX: the save's companion file, for tests)
    NEW_SUFFIX,
    SaveError,
    one_line,
    put_u16,
    read_record,
    remove_record,
    seal,
    unseal,
    write_record,
)

from engine.layout import DEAL, DEALT, HAND_OVER, PLAY, TERMINAL
from engine.match import DECLARED, FALSE_DECLARATION
from engine.moves import ACE_SWEEP, MAX_TABLE, SELF_TAKE, TABLE_MASK, UNKNOWN_MOVE

SAVE_NAME = "scopone.sav"
VERSION = 1
MAGIC = b"SG"

# Index tables of the file format. Their order is part of VERSION 1: append, never reorder.
# tests/test_save.py checks that they cover lib/match_setup.py's tuples.
LEVELS = ("easy", "normal", "hard", "desktop")
LANGUAGES = ("en", "it")
DECKS = ("italian", "french")
PRESETS = ("chitarrella", "figs", "dieci", "assi", "veneto")
NAPOLA = ("off", "full", "cap6")
DEAL_SHAPES = ("9+4", "10+0")
MODES = 3  # VS_BOTS, PASS, WATCH

NAME_CHARS = 8  # longer names are cut when saved
NO_DEAL = 255


_OPTION_TRE_GRADI = 1
_OPTION_RE_BELLO = 2
_OPTION_ACE_SWEEP = 4
_OPTIONS = 7

# engine/rng.py: component i of the PRNG lies in 1..modulus-1; a 0 would stick at 0.
_RNG_MODULI = (32363, 31727, 31657)


class _Reader:
    """Reads a payload front to back; running past its end raises SaveError."""

    def __init__(self, data) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        pos = self.pos
        if pos >= len(self.data):
            raise SaveError("save ends early")
        self.pos = pos + 1
        return self.data[pos]

    def u16(self) -> int:
        return self.byte() | self.byte() << 8

    def i16(self) -> int:
        value = self.u16()
        return value - 0x10000 if value & 0x8000 else value

    def i8(self) -> int:
        value = self.byte()
        return value - 0x100 if value & 0x80 else value

    def u32(self) -> int:
        return self.u16() | self.u16() << 16

    def take(self, count: int) -> bytes:
        pos = self.pos
        if pos + count > len(self.data):
            raise SaveError("save ends early")
        self.pos = pos + count
        return bytes(self.data[pos:pos + count])

    def choice(self, table: tuple, what: str):
        index = self.byte()
        if index >= len(table):
            raise SaveError("save names no known %s (%d)" % (what, index))
        return table[index]


# -- the saved game -----------------------------------------------------------------------


def encode(setup, state, matches: int) -> bytes:
    """The save of ``state`` (a match played with ``setup``), with sequence number 0.

    ``state`` may be at any point of a match; it is left exactly as it was (the deal is read
    by undoing the hand's plays and making them again). Raises ValueError for what the
    format cannot hold (an option outside the tables, a position set up mid-hand).
    """
    return seal(MAGIC, VERSION, 0, _payload(setup, state, matches))


def decode(data):
    """(setup, state, matches) from a save; raises SaveError, and nothing else, for any bytes
    that are not a usable save."""
    return _parse(unseal(bytes(data), MAGIC, VERSION)[1])


def store(directory: str, setup, state, matches: int) -> None:
    """Save the match in ``directory`` atomically; raises OSError if it cannot be written."""
    write_record(directory, SAVE_NAME, MAGIC, VERSION, _payload(setup, state, matches))


def load(directory: str):
    """(setup, state, matches) of the save in ``directory``, or None if there is none; raises
    SaveError, with one line naming the file and the fault, if it cannot be used."""
    return read_record(directory, SAVE_NAME, MAGIC, VERSION, "save", _parse)


def clear(directory: str) -> None:
    """Delete the save (and a half-written ``.new``); no error if there is none."""
    remove_record(directory, SAVE_NAME)


def _payload(setup, state, matches: int) -> bytearray:
    out = bytearray()
    _encode_setup(out, setup)
    _encode_match(out, state, matches)
    _encode_hand(out, state)
    return out


def _parse(payload):
    try:
        reader = _Reader(payload)
        setup = _decode_setup(reader)
        try:
            rules = setup.rules()
        except ValueError as exc:  # RulesError
            raise SaveError("save rules refused: %s" % one_line(exc)) from None
        state, matches = _decode_state(reader, rules)
        if reader.pos != len(payload):
            raise SaveError("save has %d bytes past its end" % (len(payload) - reader.pos))
        return setup, state, matches
    except (SaveError, MemoryError):
        raise
    except Exception as exc:  # whatever the bytes, the caller sees a SaveError
        raise SaveError("save unusable: %s" % one_line(exc)) from None


def _index(table: tuple, value, what: str) -> int:
    for i in range(len(table)):
        if table[i] == value:
            return i
    raise ValueError("%s %r has no code in the save format" % (what, value))


def _encode_setup(out, setup) -> None:
    if not 0 <= setup.mode < MODES:
        raise ValueError("mode %r cannot be saved" % (setup.mode,))
    out.append(setup.mode)
    out.extend(bytes(setup.seats))
    out.append(_index(LEVELS, setup.level, "level"))
    out.append(_index(LANGUAGES, setup.language, "language"))
    out.append(_index(DECKS, setup.deck, "deck"))
    out.append(_index(PRESETS, setup.preset, "preset"))
    options = 0
    if setup.tre_gradi:
        options |= _OPTION_TRE_GRADI
    if setup.re_bello:
        options |= _OPTION_RE_BELLO
    if setup.ace_sweep:
        options |= _OPTION_ACE_SWEEP
    out.append(options)
    if not 1 <= setup.target <= 255:
        raise ValueError("target %r cannot be saved" % (setup.target,))
    out.append(setup.target)
    out.append(_index(NAPOLA, setup.napola, "napola"))
    out.append(_index(DEAL_SHAPES, setup.deal_shape, "deal_shape"))
    if not 0 <= setup.seed <= 0xFFFFFFFF:
        raise ValueError("seed %r cannot be saved" % (setup.seed,))
    put_u16(out, setup.seed & 0xFFFF)
    put_u16(out, setup.seed >> 16)
    for person in range(4):
        raw = setup.names[person][:NAME_CHARS].encode("utf-8")
        out.append(len(raw))
        out.extend(raw)


def _decode_setup(reader):
    setup = match_setup.MatchSetup()
    mode = reader.byte()
    seats = reader.take(4)
    try:
        setup.set_seats(seats)
    except ValueError:
        raise SaveError("save seats %s are not a seating" % list(seats)) from None
    if mode != setup.mode:  # set_seats derives the mode; set_mode gives the same
        raise SaveError("save mode %d does not fit its seats" % mode)
    setup.level = reader.choice(LEVELS, "level")
    setup.language = reader.choice(LANGUAGES, "language")
    setup.deck = reader.choice(DECKS, "deck")
    setup.preset = reader.choice(PRESETS, "preset")
    options = reader.byte()
    if options & ~_OPTIONS:
        raise SaveError("save has unknown options (%d)" % options)
    setup.tre_gradi = bool(options & _OPTION_TRE_GRADI)
    setup.re_bello = bool(options & _OPTION_RE_BELLO)
    setup.ace_sweep = bool(options & _OPTION_ACE_SWEEP)
    setup.target = reader.byte()
    setup.napola = reader.choice(NAPOLA, "napola")
    setup.deal_shape = reader.choice(DEAL_SHAPES, "deal shape")
    setup.seed = reader.u32()
    names = []
    for _ in range(4):
        raw = reader.take(reader.byte())
        try:
            name = raw.decode("utf-8")
        except UnicodeError:
            raise SaveError("save has a name that is not UTF-8") from None
        if len(name) > NAME_CHARS:
            raise SaveError("save has a name longer than %d characters" % NAME_CHARS)
        names.append(name)
    setup.names = names
    return setup


def _encode_match(out, state, matches: int) -> None:
    if not 0 <= matches <= 0xFFFFFFFF:
        raise ValueError("matches %r cannot be saved" % (matches,))
    put_u16(out, matches & 0xFFFF)
    put_u16(out, matches >> 16)
    rng = state.rng
    put_u16(out, rng.s1)
    put_u16(out, rng.s2)
    put_u16(out, rng.s3)
    put_u16(out, state.score[0])
    put_u16(out, state.score[1])
    put_u16(out, state.hand_number)
    out.append(state.phase)
    out.append(state.dealer)
    out.append(state.first_dealer)
    info = state.match
    out.append(info.winner & 0xFF)
    out.append(info.grade)
    out.append(info.reason)
    out.append(1 if info.overtime else 0)
    out.append(info.declarer & 0xFF)


def _encode_hand(out, state) -> None:
    """The deal and the plays of the hand ``state`` holds; see the module docstring."""
    plies = state.ply
    moves = [state.ply_move[i] for i in range(plies)]
    if UNKNOWN_MOVE in moves:
        raise ValueError("a position set up mid-hand has unknown plays: it cannot be saved")
    phase = state.phase
    # undo() takes back the last taker's rest only in HAND_OVER (C-12), and end_hand or
    # declare may have moved the phase on: set the phase the plays left, undo, play again.
    state.phase = HAND_OVER if plies == state.rules.plies else PLAY
    for _ in range(plies):
        state.undo()
    deal = bytearray()
    for seat in range(4):
        hand = state.hands[seat]
        for i in range(state.hand_count[seat]):
            deal.append(hand[i])
    for slot in range(MAX_TABLE):
        if state.occupied >> slot & 1:
            deal.append(state.table[slot])
    plays = bytearray()
    for move in moves:
        _encode_move(plays, state, move)
        state.apply(move)
    state.phase = phase
    if not deal:
        out.append(NO_DEAL)
        return
    if len(deal) != 40:
        raise ValueError("the state holds %d cards, not a whole deal" % len(deal))
    out.append(plies)
    out.extend(deal)
    out.extend(plays)


def _encode_move(out, state, move: int) -> None:
    byte = move & 63
    if move & SELF_TAKE:
        byte |= 0x40
    if move & ACE_SWEEP:
        byte |= 0x80
    out.append(byte)
    if state.table_count:
        take = (move >> 6) & TABLE_MASK
        occupied = state.occupied
        packed = 0
        bit = 1
        for slot in range(MAX_TABLE):
            if occupied >> slot & 1:
                if take >> slot & 1:
                    packed |= bit
                bit <<= 1
        out.append(packed & 0xFF)
        if state.table_count > 8:
            out.append(packed >> 8)


def _decode_move(reader, state) -> int:
    byte = reader.byte()
    move = byte & 63
    if byte & 0x40:
        move |= SELF_TAKE
    if byte & 0x80:
        move |= ACE_SWEEP
    count = state.table_count
    if count:
        packed = reader.byte()
        if count > 8:
            packed |= reader.byte() << 8
        if packed >> count:
            raise SaveError("save has a play taking more cards than the table holds")
        occupied = state.occupied
        take = 0
        for slot in range(MAX_TABLE):
            if occupied >> slot & 1:
                if packed & 1:
                    take |= 1 << slot
                packed >>= 1
        move |= take << 6
    return move


def _decode_state(reader, rules) -> tuple:
    """(state, matches) from the match and hand parts of a payload."""
    from engine.state import State

    matches = reader.u32()
    seeds = (reader.u16(), reader.u16(), reader.u16())
    for i in range(3):
        if not 0 < seeds[i] < _RNG_MODULI[i]:
            raise SaveError("save has a broken random generator state")
    score0 = reader.i16()
    score1 = reader.i16()
    if not (0 <= score0 <= 255 and 0 <= score1 <= 255):  # engine/observe.py keeps bytes
        raise SaveError("save has a score out of range")
    hand_number = reader.u16()
    phase = reader.byte()
    dealer = reader.byte()
    first_dealer = reader.byte()
    if phase > TERMINAL or dealer > 3 or first_dealer > 3:
        raise SaveError("save has a phase or a dealer out of range")
    winner = reader.i8()
    grade = reader.byte()
    reason = reader.byte()
    overtime = reader.byte()
    declarer = reader.i8()
    declared = reason in (DECLARED, FALSE_DECLARATION)
    if phase == TERMINAL:
        decided = 0 <= winner <= 1 and 1 <= grade <= 3 and 1 <= reason <= FALSE_DECLARATION \
            and (0 <= declarer <= 3 if declared else declarer == -1)
    else:
        decided = winner == -1 and grade == 0 and reason == 0 and declarer == -1
    if not decided or overtime > 1:
        raise SaveError("save has a match result that does not fit its phase")

    state = State(rules)
    state.new_match(1, dealer)  # the leader and turn of a match not dealt yet follow the dealer
    plays = reader.byte()
    if plays == NO_DEAL:
        if phase != DEAL or hand_number:
            raise SaveError("save has no deal, yet the match has begun")
    else:
        if plays > rules.plies:
            raise SaveError("save has %d plays in a hand of %d" % (plays, rules.plies))
        complete = plays == rules.plies
        # end_hand passes the deal on unless the match is over or the dealer is fixed (§2.6)
        state.dealer = dealer
        if phase == DEAL and complete and not rules.dealer_fixed:
            state.dealer = (dealer - 1) & 3
        cards = reader.take(40)
        size = rules.hand_size
        hands = [list(cards[seat * size:seat * size + size]) for seat in range(4)]
        try:
            dealt = state.set_deal(hands, list(cards[4 * size:]))
        except ValueError as exc:
            raise SaveError("save deal refused: %s" % one_line(exc)) from None
        if dealt != DEALT:  # a deal thrown in (C-9), waiting for the same dealer to deal again
            fits = phase == DEAL and not plays
        elif phase == PLAY:
            fits = not complete
        elif phase == TERMINAL:
            fits = complete or declared  # a declaration ends the match mid-hand (C-26)
        else:
            fits = complete
        if not fits or (dealt == DEALT and not hand_number):
            raise SaveError("save has a hand that does not fit its phase")
        for ply in range(plays):
            move = _decode_move(reader, state)
            try:
                state.check(move)
            except ValueError as exc:  # IllegalMove
                raise SaveError("save play %d illegal: %s" % (ply + 1, one_line(exc))) from None
            state.apply(move)
        if declared and declarer != state.turn:
            raise SaveError("save has a declaration out of turn")
    rng = state.rng
    rng.s1 = seeds[0]
    rng.s2 = seeds[1]
    rng.s3 = seeds[2]
    state.score[0] = score0
    state.score[1] = score1
    state.hand_number = hand_number
    state.phase = phase
    state.dealer = dealer
    state.first_dealer = first_dealer
    info = state.match
    info.winner = winner
    info.grade = grade
    info.reason = reason
    info.overtime = bool(overtime)
    info.declarer = declarer
    if plays == rules.plies and phase != HAND_OVER:
        state.score_hand(state.hand_points)  # what end_hand scored for this hand
    return state, matches
