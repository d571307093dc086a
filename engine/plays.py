"""What a play took, in card lists: the last play of the hand for the table's line, and the
cards a move would take for a hint's words.

Kept apart from engine/edge.py so the board, which asks these after every play and with
every hint, does not load the set-up checks and move explanations with them; the State methods
that need them import this module on first use.

Rules: C-12 (the capture log); RULES §4.
Allocation: edge use (a list per call).
"""

from engine.moves import MAX_TABLE, SELF_TAKE, TABLE_MASK, UNKNOWN_MOVE, count_slots


def play_info(state, ply: int) -> tuple:
    """(seat, card, taken cards, scopa, self_take) of play ``ply`` of the hand.

    Raises ValueError for a ply not played yet or played before a set-up position.
    """
    move = state.ply_move[ply] if 0 <= ply < state.ply else UNKNOWN_MOVE
    if move == UNKNOWN_MOVE:
        raise ValueError("play %d of this hand is not known" % ply)
    start = state.ply_log[ply]
    taken = list(state.capture_log[start:start + count_slots((move >> 6) & TABLE_MASK)])
    seat = (state.leader + ply) & 3
    return seat, move & 63, taken, bool(state.ply_scopa[ply]), bool(move & SELF_TAKE)


def taken_cards(state, move: int) -> list:
    """The table cards ``move`` would take now, in slot order."""
    take = (move >> 6) & TABLE_MASK
    return [state.table[slot] for slot in range(MAX_TABLE) if take >> slot & 1]
