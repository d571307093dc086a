"""Hints: for a seat's view of a position, the move the best board-budget bot would play, and
the search's reason for it.

The ``hard`` level's search picks the move (a game at ``desktop`` passes that level's
budget). Naming Chitarrella's rule is the caller's second step, once this module is gone, so
a board never holds this code and the rule-based player's at once: lib/game.py ``hint`` asks
the Chitarrella player (the master bot's own) for his move, and his rule is the reason when
he would make the same one.

Allocation: none in ``search_move`` (the bots preallocate).
"""


class Hinter:
    """Suggests moves for whichever seat asks; see the module docstring. After a hint,
    ``move`` is the move and ``kind``, ``reason`` name why (engine/bots ``reason_words``)."""

    def __init__(self, rules, seed: int = 1, search=None, budget=None) -> None:
        """:param search: a master bot to think with (a game lends its own, so a board holds
            one search's buffers, not two); it thinks with ``budget`` for the hint and gets
            its own back after. Default: a ``hard`` bot of the Hinter's own.
        :param budget: (iterations, deadline_ms) for the hint; default the ``hard`` level's
            (a game passes it, read when it made its bots, so that engine/bots/levels.py
            need not stay loaded for hints)."""
        if search is None or budget is None:
            from engine.bots.levels import level_budget, make_level_bot

            if budget is None:
                budget = level_budget("hard")[1:]
            if search is None:
                search = make_level_bot("hard", rules, seed)
        self.iterations, self.deadline_ms = budget
        self.search = search
        self.move = -1
        self.kind = ""
        self.reason = 0

    def search_move(self, obs, moves, count: int) -> int:
        """The search's move among ``moves[:count]`` for the seat that ``obs`` belongs to,
        with the search's reason."""
        search = self.search
        iterations = search.iterations
        deadline_ms = search.deadline_ms
        search.iterations = self.iterations  # a lent bot may have a smaller budget
        search.deadline_ms = self.deadline_ms
        # The search's random stream is put back after the hint: the bots then play as they
        # would have without it, and the same position asked again gets the same hint.
        rng = search.rng
        s1 = rng.s1
        s2 = rng.s2
        s3 = rng.s3
        move = search.choose(obs, moves, count)
        rng.s1 = s1
        rng.s2 = s2
        rng.s3 = s3
        search.iterations = iterations
        search.deadline_ms = deadline_ms
        self.move = move
        self.kind = search.REASON_KIND
        self.reason = search.reason
        return move
