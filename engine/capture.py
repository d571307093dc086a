"""Legal moves: what each card in hand may capture (C-11), and why a move is illegal.

A card takes exactly one equal card if any lies on the table, the player choosing which (C-11,
RULES §4.2 items 1-2); otherwise any set of two or more table cards adding up to its value
(free choice, C-11, or the fewest cards with ``sum_choice=fewest_cards``); a card with no
capture is trailed. Capture is compulsory for the card played, but any card may be played
(C-11 last sentence, C-40), unless ``forced_capture=turn``. Aces under ``ace_sweep`` follow
RULES §7.

Where RULES.md leaves room [derived]: ``fewest_cards`` chooses among the sums only, so with
``equal_card_priority=false`` an equal card stays a legal capture beside the shortest sums;
under ``forced_capture=turn`` an ace taking itself onto an empty table counts as a capture;
under ``ace_with_ace_on_table=sweeps`` an ace played onto a lone ace sweeps it, as §7's
``ace_moves`` says, so it scores as a sweep does (``ace_sweep_scores_scopa``), not as §10 row
28a's equal capture;
``first_lead_ace_banned=first_round`` bars an ace from each seat's first play of the hand.

Buffer bound: the most legal moves any reachable position has is 184, under any variant: a
9+4 table of the four threes plus trailed J 7 5 4 2 A, with all kings and cavalli in hand
(25 moves a king, 21 a cavallo). tests/test_capture.py searches every reachable table for it;
MAX_MOVES = 192. One card has at most 26 moves on any reachable table (MAX_CARD_MOVES): a king
with 25 sums and, with ``equal_card_priority=false``, the king on the table.

Rules: C-11, C-40; RULES §4.2, §7, §10 rows 10-12, 26-29.
The variants' own capture rules (the aces of §7, ``fewest_cards``, ``forced_capture=turn``) are
in engine/capture_variants.py, which ``legal_moves`` reaches through ``State.variants``;
checking a move and explaining why it is illegal is in engine/edge.py.

Allocation: none.
"""

from engine.cards import NO_CARD, VALUE
from engine.kinds import byte_table
from engine.moves import ACE_SWEEP, BIT_INDEX

# For each value 0..10, the masks (bit v for value v) of two or more distinct values adding up
# to it: 9 takes 1+8, 2+7, 3+6, 4+5, 1+2+6, 1+3+5 or 2+3+4. A literal, so importing makes no
# garbage; tests/test_capture.py derives it again.
SUM_MASKS = (
    (), (), (), (6,), (10,), (12, 18), (14, 20, 34), (22, 24, 36, 66), (26, 38, 40, 68, 130),
    (28, 42, 48, 70, 72, 132, 258), (30, 44, 50, 74, 80, 134, 136, 260, 514),
)

# SUMS_OF[m] tells which values two or more distinct table values can make: bit v - 3 set
# (v 3..10) when the values of mask ``m << 1`` (bit v for value v, values 1..9) hold a mask of
# SUM_MASKS[v]. One lookup a position tells which cards may capture; the others trail without
# walking SUM_MASKS (512 bytes; tests/test_capture.py derives it again).
SUMS_OF = byte_table(
    b"\x00\x00\x00\x01\x00\x02\x04\x0f\x00\x04\x08\x1d\x10\x36\x5c\xff\x00\x08\x10\x39\x20\x6a\xb4"
    b"\xff\x40\xcc\x58\xfd\x70\xfe\xfc\xff\x00\x10\x20\x71\x40\xd2\x64\xff\x80\x94\xa8\xfd\xd0\xf6"
    b"\xfc\xff\x00\x18\x30\x79\x60\xfa\xf4\xff\xc0\xdc\xf8\xfd\xf0\xfe\xfc\xff\x00\x20\x40\xe1\x80"
    b"\xa2\xc4\xef\x00\x24\x48\xfd\x90\xb6\xdc\xff\x00\x28\x50\xf9\xa0\xea\xf4\xff\x40\xec\x58\xfd"
    b"\xf0\xfe\xfc\xff\x00\x30\x60\xf1\xc0\xf2\xe4\xff\x80\xb4\xe8\xfd\xd0\xf6\xfc\xff\x00\x38\x70"
    b"\xf9\xe0\xfa\xf4\xff\xc0\xfc\xf8\xfd\xf0\xfe\xfc\xff\x00\x40\x80\xc1\x00\x42\x84\xcf\x00\x44"
    b"\x88\xdd\x10\x76\xdc\xff\x00\x48\x90\xf9\x20\x6a\xb4\xff\x40\xcc\xd8\xfd\x70\xfe\xfc\xff\x00"
    b"\x50\xa0\xf1\x40\xd2\xe4\xff\x80\xd4\xa8\xfd\xd0\xf6\xfc\xff\x00\x58\xb0\xf9\x60\xfa\xf4\xff"
    b"\xc0\xdc\xf8\xfd\xf0\xfe\xfc\xff\x00\x60\xc0\xe1\x80\xe2\xc4\xef\x00\x64\xc8\xfd\x90\xf6\xdc"
    b"\xff\x00\x68\xd0\xf9\xa0\xea\xf4\xff\x40\xec\xd8\xfd\xf0\xfe\xfc\xff\x00\x70\xe0\xf1\xc0\xf2"
    b"\xe4\xff\x80\xf4\xe8\xfd\xd0\xf6\xfc\xff\x00\x78\xf0\xf9\xe0\xfa\xf4\xff\xc0\xfc\xf8\xfd\xf0"
    b"\xfe\xfc\xff\x00\x80\x00\x81\x00\x82\x04\x8f\x00\x84\x08\x9d\x10\xb6\x5c\xff\x00\x88\x10\xb9"
    b"\x20\xea\xb4\xff\x40\xcc\x58\xfd\x70\xfe\xfc\xff\x00\x90\x20\xf1\x40\xd2\x64\xff\x80\x94\xa8"
    b"\xfd\xd0\xf6\xfc\xff\x00\x98\x30\xf9\x60\xfa\xf4\xff\xc0\xdc\xf8\xfd\xf0\xfe\xfc\xff\x00\xa0"
    b"\x40\xe1\x80\xa2\xc4\xef\x00\xa4\x48\xfd\x90\xb6\xdc\xff\x00\xa8\x50\xf9\xa0\xea\xf4\xff\x40"
    b"\xec\x58\xfd\xf0\xfe\xfc\xff\x00\xb0\x60\xf1\xc0\xf2\xe4\xff\x80\xb4\xe8\xfd\xd0\xf6\xfc\xff"
    b"\x00\xb8\x70\xf9\xe0\xfa\xf4\xff\xc0\xfc\xf8\xfd\xf0\xfe\xfc\xff\x00\xc0\x80\xc1\x00\xc2\x84"
    b"\xcf\x00\xc4\x88\xdd\x10\xf6\xdc\xff\x00\xc8\x90\xf9\x20\xea\xb4\xff\x40\xcc\xd8\xfd\x70\xfe"
    b"\xfc\xff\x00\xd0\xa0\xf1\x40\xd2\xe4\xff\x80\xd4\xa8\xfd\xd0\xf6\xfc\xff\x00\xd8\xb0\xf9\x60"
    b"\xfa\xf4\xff\xc0\xdc\xf8\xfd\xf0\xfe\xfc\xff\x00\xe0\xc0\xe1\x80\xe2\xc4\xef\x00\xe4\xc8\xfd"
    b"\x90\xf6\xdc\xff\x00\xe8\xd0\xf9\xa0\xea\xf4\xff\x40\xec\xd8\xfd\xf0\xfe\xfc\xff\x00\xf0\xe0"
    b"\xf1\xc0\xf2\xe4\xff\x80\xf4\xe8\xfd\xd0\xf6\xfc\xff\x00\xf8\xf0\xf9\xe0\xfa\xf4\xff\xc0\xfc"
    b"\xf8\xfd\xf0\xfe\xfc\xff"
)


def legal_moves(state, out) -> int:
    """Write the current seat's legal moves into ``out`` and return how many."""
    rules = state.rules
    value_slots = state.value_slots
    value_mask = state.value_mask
    repeat_mask = state.repeat_mask
    equal_priority = rules.equal_priority
    ace_banned = state.ply < rules.ace_ban_plies
    ace_rules = ace_banned or rules.ace_sweep
    sums = SUMS_OF[value_mask >> 1 & 511] << 3  # bit v: distinct table values make v
    # Bit v of ``maybe`` is clear when a card of value v can take nothing (C-11): no equal
    # card, no sum. Most cards are told so in one test and trail.
    maybe = value_mask | sums
    if repeat_mask:  # a value twice on the table (r + r) makes sums of 2r and up
        low = repeat_mask & -repeat_mask
        maybe |= -(low * low)  # bit 2r and every bit above it
    if ace_rules:
        maybe |= 2  # aces under RULES §7 take their own path
    n = 0
    for card in state.hands[state.turn]:
        if card == NO_CARD:
            break  # hands are packed
        value = VALUE[card]
        if not maybe >> value & 1:
            out[n] = card  # nothing to take: a trail (C-11)
            n += 1
            continue
        if ace_rules and value == 1:
            if not ace_banned:
                n = state.variants.ace_moves(state, card, out, n)
            continue  # first_lead_ace_banned (GSTARS-APT, RULES §10 row 28)
        equal = value_slots[value]
        if equal:
            if equal & (equal - 1):
                n = each_slot(card, equal, out, n)  # C-11: one equal card, the player's choice
            else:
                out[n] = card | equal << 6
                n += 1
            if equal_priority:
                continue  # C-11: an equal card beats a sum
        start = n
        if repeat_mask & ((1 << value) - 2):  # a value below this card's is repeated
            n = _general_sums(state, card, value, out, n)
        elif sums >> value & 1:
            # One table card per value below this card's: the sets of distinct values in
            # SUM_MASKS name every capture, one slot per value.
            for mask in SUM_MASKS[value]:
                if value_mask & mask == mask:
                    take = 0
                    while mask:
                        bit = mask & -mask
                        mask ^= bit
                        take |= value_slots[BIT_INDEX[bit % 37]]
                    out[n] = card | take << 6
                    n += 1
        if n == start:
            if not equal:
                out[n] = card  # nothing to take: a trail (C-11)
                n += 1
        elif rules.fewest_cards and n - start > 1:
            n = state.variants.keep_fewest(out, start, n)  # CLUB, MAGNO; §10 row 10
    if rules.turn_forced:
        n = state.variants.drop_trails(out, n)  # forced_capture=turn (RULES §10 row 12)
    return n


def sweep_scores(rules, move: int) -> bool:
    """Whether ``move``, if it empties the table before the final play, scores a scopa:
    always for a card that is not an ace (C-14); for an ace only as RULES §7 allows
    (``ace_never_scopa``, ``ace_sweep_scores_scopa``; §10 rows 25, 28a)."""
    if (move & 63) % 10:
        return True
    return not (rules.ace_never_scopa or (move & ACE_SWEEP and not rules.ace_sweep_scopa))


def each_slot(card: int, slots: int, out, n: int) -> int:
    """One move per slot in ``slots``, each taking that slot alone; returns the new count."""
    while slots:
        bit = slots & -slots
        slots ^= bit
        out[n] = card | bit << 6
        n += 1
    return n


def _general_sums(state, card: int, value: int, out, n: int) -> int:
    """Every set of two or more table slots adding up to ``value``, with repeated values.

    Depth-first over the table cards of lower values, in value order so a branch stops at the
    first card too big for it. ``state.sum_bits`` and ``state.sum_parts`` hold each candidate's
    slot mask and value, ``state.sum_stack`` the chosen positions, so nothing is allocated.
    """
    stack = state.sum_stack
    bits = state.sum_bits
    parts = state.sum_parts
    value_slots = state.value_slots
    count = 0
    for part in range(1, value):
        present = value_slots[part]
        while present:
            bit = present & -present
            present ^= bit
            bits[count] = bit
            parts[count] = part
            count += 1
    depth = 0
    total = 0
    take = 0
    i = 0
    while True:
        if i < count:
            reach = total + parts[i]
            if reach < value:
                stack[depth] = i
                depth += 1
                total = reach
                take |= bits[i]
                i += 1
                continue
            if reach == value:
                if depth:
                    out[n] = card | (take | bits[i]) << 6
                    n += 1
                i += 1  # an equal part may follow; a bigger one ends the branch
                continue
        # Every later part is at least as big: backtrack.
        if depth == 0:
            return n
        depth -= 1
        i = stack[depth]
        total -= parts[i]
        take ^= bits[i]
        i += 1
