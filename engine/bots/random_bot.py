"""The random bot: a uniform choice among all legal moves, from its own seeded PRNG.

Allocation: none per decision.
"""

from engine.rng import Rng


class RandomBot:
    """Plays a uniformly random legal move; never declares out."""

    needs_observation = False

    def __init__(self, seed: int = 1) -> None:
        self.rng = Rng(seed)

    def reset(self, seed: int) -> None:
        """Restart the bot's PRNG for a new match."""
        self.rng.seed(seed)

    def choose(self, obs, moves, count: int) -> int:
        """One of ``moves[:count]``, uniformly."""
        return moves[self.rng.below(count)]

    def wants_declare(self, obs) -> bool:
        """The random bot never declares out."""
        return False
