"""The match loop: deals, asks each seat's bot for a move, ends hands, until the match is decided.

An optional listener hears every event (records, UIs, tests); without one the loop allocates
nothing, so it is the loop the MicroPython allocation tests hold under ``heap_lock()``.

Listener methods, all optional to act on: ``redeal(state, reason)``, ``deal(state)``,
``play(state, move)`` (after the move is applied: ``state.play_info(state.ply - 1)`` tells what
it took), ``declare(state, seat, held)``,
``hand_end(state)`` (after scoring), ``match_end(state)``.

Rules: RULES §8 (hand flow).
Allocation: none without a listener.
"""

from engine.layout import DEAL, DEALT, HAND_OVER, PLAY


def play_match(state, bots, moves, obs, listener=None) -> None:
    """Play the match ``state`` holds to its end with ``bots[seat]`` at each seat.

    ``moves`` is a buffer of MAX_MOVES ints (a list, as the game's) and ``obs`` a bytearray of
    observe.SIZE.
    """
    declare_out = state.rules.declare_out
    while True:
        phase = state.phase
        if phase == PLAY:
            seat = state.turn
            bot = bots[seat]
            if bot.needs_observation or declare_out:
                state.observe(seat, obs)
            if declare_out and bot.wants_declare(obs):
                held = state.declare()
                if listener:
                    listener.declare(state, seat, held)
                continue
            count = state.legal_moves(moves)
            move = bot.choose(obs, moves, count)
            state.apply(move)
            if listener:
                listener.play(state, move)
        elif phase == DEAL:
            reason = state.deal()
            if listener:
                if reason == DEALT:
                    listener.deal(state)
                else:
                    listener.redeal(state, reason)
        elif phase == HAND_OVER:
            state.end_hand()
            if listener:
                listener.hand_end(state)
        else:
            if listener:
                listener.match_end(state)
            return
