"""The capture rules of the variants: the aces of RULES §7, the fewest cards among sums
(``sum_choice=fewest_cards``, §10 row 10) and capture compulsory for the turn
(``forced_capture=turn``, §10 row 12).

engine/capture.py ``legal_moves`` calls these through ``State.variants``, which engine/state.py
sets to this module only when the rules in force use one of them: a game of Chitarrella's
rules holds none of this code. Where RULES.md leaves room, see engine/capture.py.

Rules: RULES §7, §10 rows 10, 12, 26-29.
Allocation: none.
"""

from engine.capture import each_slot
from engine.moves import ACE_SWEEP, SELF_TAKE, TABLE_MASK, count_slots


def ace_moves(state, card: int, out, n: int) -> int:
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
        return each_slot(card, aces, out, n)  # ace_with_ace_on_table=takes_ace (LOTO-ASSI)
    out[n] = card | occupied << 6 | ACE_SWEEP
    n += 1
    if rules.ace_may_decline:  # an ordinary ace: an equal ace if any, else a trail
        if aces:
            if aces != occupied or aces & (aces - 1):  # a lone ace: the sweep is that play
                n = each_slot(card, aces, out, n)
        else:
            out[n] = card
            n += 1
    return n


def keep_fewest(out, start: int, end: int) -> int:
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


def drop_trails(out, end: int) -> int:
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
