"""Saved games: the match in progress, in a small file that a power cut cannot ruin.

The app stores the match after every play (``store``) and offers to continue it at start-up,
with the scope each side made in the match's finished hands, so the statistics (lib/stats.py)
count a continued match's scope from its start. This module is the format and the writing side.
Reading a save back (lib/save_read.py ``decode`` and ``load``, with lib/record_read.py for the
container) is loaded only at start-up and to continue, so a store during a match loads just
this module, lib/record_file.py and lib/crc.py, and the app drops them again after it. A hand
in progress is kept as its deal and its plays; ``decode`` replays them through the engine's own
checks, so every derived buffer (piles, logs, table slot masks, scope) comes back as the engine
made it, and an illegal play in a save is refused like a bad move. The PRNG's state is kept, so
the next deals are the ones the match would have had, and so is the bots' random stream
(``stream``): the app makes the bots afresh from ``setup.seed`` and ``matches`` and puts their
stream back where it was, so a continued match plays on as it would have (a bot keeps nothing
else between decisions, lib/game.py).

The file is written atomically (lib/record_file.py: a power cut leaves the old or the new
save, never neither) in a container with a version byte and a CRC.

File layout: numbers are little-endian, ``i8``/``i16`` two's complement; the payload sits in
lib/record_file.py's container with magic ``SG``.

======  =====  ==============================================================================
offset  bytes  payload version 3: the set-up (lib/match_setup.py; the index tables below)
======  =====  ==============================================================================
0       1      mode (``MODES`` index)
1       4      seats 0..3: BOT (0) or person 1..4
5       1      level (``LEVELS``)
6       1      language (``LANGUAGES``)
7       1      deck (``DECKS``)
8       1      preset (``PRESETS``)
9       1      options: bit 0 tre_gradi (which brings declare_out), 1 re_bello, 2 ace_sweep;
               bits 3-4 review_captures (``REVIEWS``; a save from before it has 0, none);
               bits 5-6 the bots' pace (``PACES``; 0, normal, in a save from before it);
               bit 7 the sound off (0, on, in a save from before it)
10      1      target
11      1      napola (``NAPOLA``)
12      1      deal_shape (``DEAL_SHAPES``)
13      4      seed (u32, below 2**30: engine/rng.py's)
17      4 x    names of persons 1..4: length (u8), then UTF-8, at most ``NAME_CHARS`` chars
======  =====  ==============================================================================

======  =====  ==============================================================================
offset  bytes  then the match, from the end of the names (engine/state.py, match.py, rng.py)
======  =====  ==============================================================================
0       4      matches played before this one (u32; the app seeds bots with it)
4       6      PRNG components s1, s2, s3 (u16 each)
10      6      the bots' random stream, components s1, s2, s3 as the PRNG's (u16 each), or
               0, 0, 0 when no bot draws (lib/game.py ``bot_stream``)
16      4      score of team 0, team 1 (i16 each, 0 or more, and as the result allows)
20      2      hand_number (u16, below 65535)
22      3      phase, dealer, first_dealer (u8 each)
25      5      MatchInfo: winner (i8), grade, reason, overtime (u8), declarer (i8)
30      4      scope made in the match's scored hands by team 0, team 1 (u16 each; the
               hand held adds its own when it is scored or declared out): lib/game.py
               ``scope_made``
34      1      plays made in the hand held (0..40), or ``NO_DEAL`` (255) before any deal
35      40     the deal: seats 0..3's hands in slot order, then the table in slot order
75      1-3    each play: the card, | 0x40 for SELF_TAKE, | 0x80 for ACE_SWEEP; then, when
               the table holds cards, the slots taken as a mask over the occupied slots in
               slot order (u8 up to 8 table cards, u16 above)
======  =====  ==============================================================================

Sizes with the default names (23 bytes of names): 84 bytes before the first deal, 124 after
a deal, 160 on average over a match, 196 once a 9+4 hand is played out, 203 for 10+0. The hand
played out stays in the save between hands, so the app can still show its breakdown after a
resume. The Rules are not stored: ``setup.rules()`` makes them again.

What a decoded State holds beyond the engine's own replay: the score, the dealers, the phase,
the match info and the PRNG as saved; ``hand_points`` scored afresh when the hand held is
over (it is what ``end_hand`` scored), zeros during a hand (``end_hand`` rewrites them before
anyone reads them). The shuffle buffer ``deck`` is not kept: ``deal`` refills it.

Allocation: edge only (lists and bytes per store and load).
"""

from match_setup import NAME_CHARS  # longer names are cut when saved
from record_file import put_u16, remove_record, write_record

from engine.layout import HAND_OVER, PLAY
from engine.moves import ACE_SWEEP, MAX_TABLE, SELF_TAKE, TABLE_MASK, UNKNOWN_MOVE

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


SAVE_NAME = "scopone.sav"
# 2 added the scope made, 3 the bots' stream (an older save is reported and ignored)
VERSION = const(3)
MAGIC = b"SG"

# Index tables of the file format. Their order is part of the format: append, never reorder.
# tests/test_save.py checks that they cover lib/match_setup.py's tuples.
LEVELS = ("easy", "normal", "hard", "desktop")
LANGUAGES = ("en", "it")
DECKS = ("italian", "french")
PRESETS = ("chitarrella", "figs", "dieci", "assi", "veneto")
NAPOLA = ("off", "full", "cap6")
DEAL_SHAPES = ("9+4", "10+0")
REVIEWS = ("none", "first_capture", "own_pile")
PACES = ("normal", "fast", "slow")
MODES = const(3)  # VS_BOTS, PASS, WATCH

NO_DEAL = const(255)

OPTION_TRE_GRADI = const(1)
OPTION_RE_BELLO = const(2)
OPTION_ACE_SWEEP = const(4)
REVIEW_SHIFT = const(3)  # review_captures in bits 3-4 of the options byte
PACE_SHIFT = const(5)  # the pace in bits 5-6
OPTION_SOUND_OFF = const(128)  # set when the sound is off: older files read on


def store(directory: str, setup, state, matches: int, scope=(0, 0), stream=(0, 0, 0)) -> None:
    """Save the match in ``directory`` atomically (the arguments as ``payload``'s); raises
    OSError if it cannot be written, ValueError as ``payload`` does."""
    write_record(directory, SAVE_NAME, MAGIC, VERSION,
                 payload(setup, state, matches, scope, stream))


def clear(directory: str) -> None:
    """Delete the save (and a half-written ``.new``); no error if there is none."""
    remove_record(directory, SAVE_NAME)


def payload(setup, state, matches: int, scope=(0, 0), stream=(0, 0, 0)) -> bytearray:
    """The payload of the save of ``state`` (a match played with ``setup``, the ``matches``-th
    of the session, whose finished hands made ``scope`` per team, its bots' random stream at
    ``stream``): the set-up, the match and the hand held; see the module docstring.

    ``state`` may be at any point of a match; it is left exactly as it was (the deal is read
    by undoing the hand's plays and making them again). Raises ValueError for what the
    format cannot hold (an option outside the tables, a position set up mid-hand, a count
    past its field: only play on from a hand-made save gets there).
    """
    score = state.score
    if not (0 <= setup.mode < MODES and 1 <= setup.target <= 255
            and 0 <= setup.seed <= 0x3FFFFFFF and 0 <= matches <= 0xFFFFFFFF
            and 0 <= scope[0] <= 0xFFFF and 0 <= scope[1] <= 0xFFFF
            and 0 <= score[0] <= 0x7FFF and 0 <= score[1] <= 0x7FFF
            and state.hand_number < 0xFFFF):  # lib/save_read.py refuses 0xFFFF
        raise ValueError("mode, target, seed, match count, scope, score or hand number out of "
                         "the save format's range")
    out = bytearray()
    put_setup(out, setup)
    rng = state.rng
    for value in (matches & 0xFFFF, matches >> 16, rng.s1, rng.s2, rng.s3, stream[0],
                  stream[1], stream[2], state.score[0], state.score[1], state.hand_number):
        put_u16(out, value)
    info = state.match
    out.extend(bytes((state.phase, state.dealer, state.first_dealer, info.winner & 0xFF,
                      info.grade, info.reason, 1 if info.overtime else 0,
                      info.declarer & 0xFF)))
    put_u16(out, scope[0])
    put_u16(out, scope[1])
    _hand(out, state)
    return out


def put_setup(out, setup) -> None:
    """Append the set-up part of the payload (the first table of the module docstring; also
    lib/settings.py's whole payload)."""
    out.append(setup.mode)
    out.extend(bytes(setup.seats))
    out.append(LEVELS.index(setup.level))
    out.append(LANGUAGES.index(setup.language))
    out.append(DECKS.index(setup.deck))
    out.append(PRESETS.index(setup.preset))
    out.append((OPTION_TRE_GRADI if setup.tre_gradi else 0)
               | (OPTION_RE_BELLO if setup.re_bello else 0)
               | (OPTION_ACE_SWEEP if setup.ace_sweep else 0)
               | REVIEWS.index(setup.review_captures) << REVIEW_SHIFT
               | PACES.index(setup.pace) << PACE_SHIFT
               | (0 if setup.sound else OPTION_SOUND_OFF))
    out.append(setup.target)
    out.append(NAPOLA.index(setup.napola))
    out.append(DEAL_SHAPES.index(setup.deal_shape))
    put_u16(out, setup.seed & 0xFFFF)
    put_u16(out, setup.seed >> 16)
    for person in range(4):
        raw = setup.names[person][:NAME_CHARS].encode("utf-8")
        out.append(len(raw))
        out.extend(raw)


def _hand(out, state) -> None:
    """The deal and the plays of the hand ``state`` holds; see the module docstring."""
    plies = state.ply
    moves = list(state.ply_move[:plies])
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
        # the card, | 0x40 for SELF_TAKE, | 0x80 for ACE_SWEEP; then the slots taken as a
        # mask over the occupied slots, when the table holds cards
        plays.append(move & 63 | (0x40 if move & SELF_TAKE else 0)
                     | (0x80 if move & ACE_SWEEP else 0))
        if state.table_count:
            take = (move >> 6) & TABLE_MASK
            packed = 0
            bit = 1
            for slot in range(MAX_TABLE):
                if state.occupied >> slot & 1:
                    if take >> slot & 1:
                        packed |= bit
                    bit <<= 1
            plays.append(packed & 0xFF)
            if state.table_count > 8:
                plays.append(packed >> 8)
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
