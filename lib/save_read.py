"""Reading saved games back: ``decode`` and ``load`` check every byte (lib/save.py has the
format, lib/record_read.py reads the container) and replay the hand held through the engine's
own checks, so an illegal play in a save is refused like a bad move. The app needs them only
at start-up and to continue a match.

Allocation: edge only.
"""

import match_setup
from record_read import SaveError, one_line, read_record, unseal
from save import (
    DEAL_SHAPES,
    DECKS,
    LANGUAGES,
    LEVELS,
    MAGIC,
    NAME_CHARS,
    NAPOLA,
    NO_DEAL,
    OPTION_ACE_SWEEP,
    OPTION_RE_BELLO,
    OPTION_SOUND_OFF,
    OPTION_TRE_GRADI,
    PACE_SHIFT,
    PACES,
    PRESETS,
    REVIEW_SHIFT,
    REVIEWS,
    SAVE_NAME,
    VERSION,
)

from engine.layout import DEAL, DEALT, HAND_OVER, PLAY, TERMINAL
from engine.match import DECLARED, FALSE_DECLARATION, NAPOLEONE
from engine.moves import ACE_SWEEP, MAX_TABLE, SELF_TAKE

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
            raise SaveError("file ends early")
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
            raise SaveError("file ends early")
        self.pos = pos + count
        return bytes(self.data[pos:pos + count])

    def choice(self, table: tuple, what: str):
        index = self.byte()
        if index >= len(table):
            raise SaveError("file names no known %s (%d)" % (what, index))
        return table[index]


def decode(data):
    """(setup, state, matches, scope, stream) from a save (lib/save.py ``payload``'s arguments);
    raises SaveError, and nothing else, for any bytes that are not a usable save."""
    return _parse(unseal(bytes(data), MAGIC, VERSION)[1])


def load(directory: str):
    """(setup, state, matches, scope, stream) of the save in ``directory``, or None if there is
    none; raises SaveError, with one line naming the file and the fault, if it cannot be used."""
    return read_record(directory, SAVE_NAME, MAGIC, VERSION, "save", _parse)


def decode_settings(payload):
    """The set-up alone, from lib/settings.py's payload; raises SaveError as ``decode``."""
    return _parse(payload, False)


def _parse(payload, with_match=True):
    try:
        reader = _Reader(payload)
        setup = _decode_setup(reader)
        try:
            rules = setup.rules()
        except ValueError as exc:  # RulesError
            raise SaveError("file rules refused: %s" % one_line(exc)) from None
        found = setup
        if with_match:
            found = (setup,) + _decode_state(reader, rules)
        if reader.pos != len(payload):
            raise SaveError("file has %d bytes past its end" % (len(payload) - reader.pos))
        return found
    except (SaveError, MemoryError):
        raise
    except Exception as exc:  # whatever the bytes, the caller sees a SaveError
        raise SaveError("file unusable: %s" % one_line(exc)) from None


def _decode_setup(reader):
    setup = match_setup.MatchSetup()
    mode = reader.byte()
    seats = reader.take(4)
    try:
        setup.set_seats(seats)
    except ValueError:
        raise SaveError("file seats %s are not a seating" % list(seats)) from None
    if mode != setup.mode:  # set_seats derives the mode; set_mode gives the same
        raise SaveError("file mode %d does not fit its seats" % mode)
    setup.level = reader.choice(LEVELS, "level")
    setup.language = reader.choice(LANGUAGES, "language")
    setup.deck = reader.choice(DECKS, "deck")
    setup.preset = reader.choice(PRESETS, "preset")
    options = reader.byte()  # every bit is an option's (lib/save.py): none is unknown
    setup.tre_gradi = bool(options & OPTION_TRE_GRADI)
    setup.re_bello = bool(options & OPTION_RE_BELLO)
    setup.ace_sweep = bool(options & OPTION_ACE_SWEEP)
    setup.review_captures = _option(options, REVIEW_SHIFT, REVIEWS, "review_captures")
    setup.pace = _option(options, PACE_SHIFT, PACES, "pace")
    setup.sound = not options & OPTION_SOUND_OFF
    setup.target = reader.byte()
    setup.napola = reader.choice(NAPOLA, "napola")
    setup.deal_shape = reader.choice(DEAL_SHAPES, "deal shape")
    setup.seed = reader.u32()
    if setup.seed > 0x3FFFFFFF:  # engine/rng.py seeds below 2**30 only
        raise SaveError("file has a seed out of range (%d)" % setup.seed)
    names = []
    for _ in range(4):
        raw = reader.take(reader.byte())
        try:
            name = raw.decode("utf-8")
        except UnicodeError:
            raise SaveError("file has a name that is not UTF-8") from None
        if len(name) > NAME_CHARS:
            raise SaveError("file has a name longer than %d characters" % NAME_CHARS)
        names.append(name)
    setup.names = names
    return setup


def _option(options: int, shift: int, table: tuple, what: str):
    """The entry of ``table`` the two bits of ``options`` at ``shift`` name."""
    index = options >> shift & 3
    if index >= len(table):
        raise SaveError("file names no known %s (%d)" % (what, index))
    return table[index]


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


def _score_fits(target: int, score, phase: int, winner: int, reason: int, overtime: int,
                declarer: int) -> bool:
    """Whether ``score`` is one the match's result can follow from (engine/match.py): under
    the target while it goes on, both at it or past it in overtime (RULES §6.2), and at
    the end the winner's at the target, unless napoleone or a false claim decided it."""
    if phase != TERMINAL:
        if overtime:
            return score[0] >= target and score[1] >= target
        return score[0] < target and score[1] < target
    if reason == NAPOLEONE:
        return True
    if reason == FALSE_DECLARATION:
        return winner != declarer & 1
    return score[winner] >= target and (reason != DECLARED or winner == declarer & 1)


def _decode_state(reader, rules) -> tuple:
    """(state, matches, scope, stream) from the match and hand parts of a payload."""
    from engine.state import State

    matches = reader.u32()
    seeds = (reader.u16(), reader.u16(), reader.u16())
    stream = (reader.u16(), reader.u16(), reader.u16())
    for i in range(3):
        if not 0 < seeds[i] < _RNG_MODULI[i]:
            raise SaveError("save has a broken random generator state")
        if not 0 < stream[i] < _RNG_MODULI[i] and stream != (0, 0, 0):
            raise SaveError("save has a broken state of the bots' random stream")
    score0 = reader.i16()
    score1 = reader.i16()
    if score0 < 0 or score1 < 0:
        raise SaveError("save has a score out of range")
    hand_number = reader.u16()
    if hand_number == 0xFFFF:  # the next hand's number would not fit the save
        raise SaveError("save has a hand number out of range")
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
    if not _score_fits(rules.target, (score0, score1), phase, winner, reason, overtime,
                       declarer):
        raise SaveError("save has a score of %d to %d that does not fit its result"
                        % (score0, score1))
    scope = (reader.u16(), reader.u16())
    if scope[0] + scope[1] > hand_number * rules.plies:  # a scopa is a play (C-14)
        raise SaveError("save has more scope than the match has had plays")

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
    return state, matches, scope, stream
