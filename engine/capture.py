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
``first_lead_ace_banned=first_round`` bars an ace from each seat's first play of the hand.

Buffer bound: the most legal moves any reachable position has is 184, under any variant: a
9+4 table of the four threes plus trailed J 7 5 4 2 A, with all kings and cavalli in hand
(25 moves a king, 21 a cavallo). tests/test_capture.py searches every reachable table for it;
MAX_MOVES = 192. One card has at most 26 moves on any reachable table (MAX_CARD_MOVES): a king
with 25 sums and, with ``equal_card_priority=false``, the king on the table.

Rules: C-11, C-40; RULES §4.2, §7, §10 rows 10-12, 26-29.
Checking a move and explaining why it is illegal is in engine/edge.py.

Allocation: none.
"""

from engine.cards import NO_CARD, VALUE
from engine.moves import ACE_SWEEP, BIT_INDEX, SELF_TAKE, TABLE_MASK, count_slots

# For each value 0..10, the masks (bit v for value v) of two or more distinct values adding up
# to it: 9 takes 1+8, 2+7, 3+6, 4+5, 1+2+6, 1+3+5 or 2+3+4. A literal, so importing makes no
# garbage; tests/test_capture.py derives it again.
SUM_MASKS = (
    (), (), (), (6,), (10,), (12, 18), (14, 20, 34), (22, 24, 36, 66), (26, 38, 40, 68, 130),
    (28, 42, 48, 70, 72, 132, 258), (30, 44, 50, 74, 80, 134, 136, 260, 514),
)

# SUMMABLE[v] answers "can the distinct values in ``present`` (bits 1..v-1) make v?" in one
# lookup: bit (present >> 1) of it is set when some mask of SUM_MASKS[v] fits in ``present``.
# Most cards that cannot capture are told so here without walking SUM_MASKS (128 bytes;
# tests/test_capture.py derives it again).
SUMMABLE = (
    b"",  # 0
    b"",  # 1
    b"",  # 2
    b"\x08",  # 3
    b"\xa0",  # 4
    b"\xc0\xea",  # 5
    b"\x80\xcc\xaa\xee",  # 6
    b"\x00\xf8\xcc\xfc\xaa\xfa\xee\xfe",  # 7
    b"\x00\xa0\xf8\xf8\xcc\xec\xfc\xfc\xaa\xaa\xfa\xfa\xee\xee\xfe\xfe",  # 8
    (b"\x00\xc0\xa0\xff\xf8\xf8\xf8\xff\xcc\xcc\xec\xff\xfc\xfc\xfc\xff\xaa\xea\xaa\xff"
     b"\xfa\xfa\xfa\xff\xee\xee\xee\xff\xfe\xfe\xfe\xff"),  # 9
    (b"\x00\x80\xc0\xea\xa0\xff\xe0\xff\xf8\xf8\xf8\xfa\xf8\xff\xf8\xff\xcc\xcc\xcc\xee"
     b"\xec\xff\xec\xff\xfc\xfc\xfc\xfe\xfc\xff\xfc\xff\xaa\xaa\xea\xea\xaa\xff\xea\xff"
     b"\xfa\xfa\xfa\xfa\xfa\xff\xfa\xff\xee\xee\xee\xee\xee\xff\xee\xff\xfe\xfe\xfe\xfe"
     b"\xfe\xff\xfe\xff"),  # 10
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
    n = 0
    for card in state.hands[state.turn]:
        if card == NO_CARD:
            break  # hands are packed
        value = VALUE[card]
        if ace_rules and value == 1:  # hot path: the flag, usually false, first
            if not ace_banned:
                n = _ace_moves(state, card, out, n)
            continue  # first_lead_ace_banned (GSTARS-APT, RULES §10 row 28)
        equal = value_slots[value]
        if equal:
            if equal & (equal - 1):
                n = _each_slot(card, equal, out, n)  # C-11: one equal card, the player's choice
            else:
                out[n] = card | equal << 6
                n += 1
            if equal_priority:
                continue  # C-11: an equal card beats a sum
        lower = (1 << value) - 2  # the values below this card's
        present = value_mask & lower
        start = n
        if repeat_mask & lower:
            n = _general_sums(state, card, value, out, n)
        elif present & (present - 1) and \
                SUMMABLE[value][present >> 4] >> (present >> 1 & 7) & 1:
            # One table card per value below this card's: the sets of distinct values in
            # SUM_MASKS name every capture, one slot per value.
            for mask in SUM_MASKS[value]:
                if present & mask == mask:
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
            n = _keep_fewest(out, start, n)  # CLUB, MAGNO; RULES §10 row 10
    if rules.turn_forced:
        n = _drop_trails(out, n)  # forced_capture=turn (RULES §10 row 12)
    return n


def sweep_scores(rules, move: int) -> bool:
    """Whether ``move``, if it empties the table before the final play, scores a scopa:
    always for a card that is not an ace (C-14); for an ace only as RULES §7 allows
    (``ace_never_scopa``, ``ace_sweep_scores_scopa``; §10 rows 25, 28a)."""
    if (move & 63) % 10:
        return True
    return not (rules.ace_never_scopa or (move & ACE_SWEEP and not rules.ace_sweep_scopa))


def _each_slot(card: int, slots: int, out, n: int) -> int:
    """One move per slot in ``slots``, each taking that slot alone; returns the new count."""
    while slots:
        bit = slots & -slots
        slots ^= bit
        out[n] = card | bit << 6
        n += 1
    return n


def _ace_moves(state, card: int, out, n: int) -> int:
    """RULES §7 ace_moves: an ace takes the whole table, with the variants of §10 26-29."""
    rules = state.rules
    occupied = state.occupied
    if not occupied:
        if rules.ace_empty_stays:
            out[n] = card
        else:
            out[n] = card | SELF_TAKE  # it captures itself, no scopa (WIKI-SCOPONE; GPMG)
            if rules.ace_may_decline:
                n += 1
                out[n] = card
        return n + 1
    aces = state.value_slots[1]
    if aces and not rules.ace_on_ace_sweeps:
        return _each_slot(card, aces, out, n)  # ace_with_ace_on_table=takes_ace (LOTO-ASSI)
    out[n] = card | occupied << 6 | ACE_SWEEP
    n += 1
    if rules.ace_may_decline:  # an ordinary ace: an equal ace if any, else a trail
        if aces:
            if aces != occupied or aces & (aces - 1):  # a lone ace: the sweep is that play
                n = _each_slot(card, aces, out, n)
        else:
            out[n] = card
            n += 1
    return n


def _general_sums(state, card: int, value: int, out, n: int) -> int:
    """Every set of two or more table slots adding up to ``value``, with repeated values.

    Depth-first over the table slots holding lower values, sorted by value so a branch stops
    at the first card too big for it; ``state.sum_stack`` keeps the chosen positions and
    ``state.sum_candidates`` the sorted slots, so nothing is allocated.
    """
    table = state.table
    stack = state.sum_stack
    slots = state.sum_candidates
    count = 0
    occupied = state.occupied
    while occupied:
        bit = occupied & -occupied
        occupied ^= bit
        slot = BIT_INDEX[bit % 37]
        part = VALUE[table[slot]]
        if part < value:
            i = count  # insertion sort by value
            while i and VALUE[table[slots[i - 1]]] > part:
                slots[i] = slots[i - 1]
                i -= 1
            slots[i] = slot
            count += 1
    depth = 0
    total = 0
    take = 0
    i = 0
    while True:
        if i < count:
            slot = slots[i]
            part = VALUE[table[slot]]
            if total + part < value:
                stack[depth] = i
                depth += 1
                total += part
                take |= 1 << slot
                i += 1
                continue
            if total + part == value:
                if depth:
                    out[n] = card | (take | 1 << slot) << 6
                    n += 1
                i += 1  # an equal part may follow; a bigger one ends the branch
                continue
        # Every later part is at least as big: backtrack.
        if depth == 0:
            return n
        depth -= 1
        i = stack[depth]
        slot = slots[i]
        total -= VALUE[table[slot]]
        take &= ~(1 << slot)
        i += 1


def _keep_fewest(out, start: int, end: int) -> int:
    """Keep only the captures in out[start:end] that take the fewest cards."""
    fewest = 16
    for i in range(start, end):
        count = count_slots((out[i] >> 6) & TABLE_MASK)
        if count < fewest:
            fewest = count
    n = start
    for i in range(start, end):
        if count_slots((out[i] >> 6) & TABLE_MASK) == fewest:
            out[n] = out[i]
            n += 1
    return n


def _drop_trails(out, end: int) -> int:
    """Drop the trails from out[:end] if any move there captures."""
    for i in range(end):
        if out[i] >= 64:
            break
    else:
        return end
    n = 0
    for i in range(end):
        if out[i] >= 64:
            out[n] = out[i]
            n += 1
    return n
