"""Matches under ``heap_lock()`` with rule options the presets leave off; prints ``ok``.

Runs on MicroPython (and CPython, where the lock is a no-op).
"""

from engine import observe
from engine.bots import make_bot
from engine.moves import MAX_MOVES
from engine.play import play_match
from engine.rules import Rules
from engine.state import State

try:
    from micropython import heap_lock, heap_unlock
except ImportError:  # CPython

    def heap_lock():
        pass

    def heap_unlock():
        pass


OPTIONS = (
    ("chitarrella", {"sum_choice": "fewest_cards", "forced_capture": "turn"}),
    ("chitarrella", {"redeal_if_table_sum_le": "10", "tie_at_target": "countback",
                     "last_play_scopa": "counts", "dealer_rotation": "fixed"}),
    ("chitarrella+tre_gradi", {"declare_out": "true", "review_captures": "first_capture"}),
    ("veneto", {"napola": "cap6", "equal_card_priority": "false", "target": "16",
                "review_captures": "own_pile", "first_dealer": "first_ace"}),
    ("assi", {"ace_with_ace_on_table": "sweeps", "ace_on_empty_table": "stays",
              "ace_may_decline": "true", "first_lead_ace_banned": "first_round"}),
    ("assi", {"ace_sweep_scores_scopa": "true", "tie_at_target": "continue_regardless",
              "primiera_requires_all_suits": "false"}),
    ("dieci", {"last_play_scopa": "counts_10card_only", "declare_out": "true"}),
)


def run() -> None:
    moves = [0] * MAX_MOVES
    obs = bytearray(observe.SIZE)
    for preset, overrides in OPTIONS:
        rules = Rules(preset, overrides)
        state = State(rules)
        bots = [make_bot(name, rules, seat + 1)
                for seat, name in enumerate(("greedy", "random", "random", "greedy"))]
        for seed in range(3):
            heap_lock()
            try:
                state.new_match(seed)
                play_match(state, bots, moves, obs)
            finally:
                heap_unlock()
    print("ok")


run()
