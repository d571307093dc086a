"""Hints: for a seat's view of a position, the move the best board-budget bot would play, and
a short reason in plain words, naming Chitarrella's rule where one applies.

The ``hard`` level's search picks the move (a game at ``desktop`` passes that level's
budget). The rule-based Chitarrella player (the teacher) gives the reason when it would play
the same move for a rule of its own (``ChitarrellaBot.explain``); otherwise the search says
why. ``suggest`` does both.
The two can be separate steps: ``Hinter(..., teacher=False)`` and ``search_move``, then the
caller's own teacher, so a board loads the teacher's code only once the search is done and
this module is gone (lib/game.py does).

Allocation: none in ``search_move`` and ``suggest`` (the bots preallocate); ``hint_text``
builds the words (edge).
"""

from engine.bots import make_bot, reason_words


class Hinter:
    """Suggests moves for whichever seat asks; see the module docstring. After a hint,
    ``move`` is the move and ``kind``, ``reason`` name why (engine/bots ``reason_words``)."""

    def __init__(self, rules, seed: int = 1, search=None, budget=None,
                 teacher: bool = True) -> None:
        """:param search: a master bot to think with (a game lends its own, so a board holds
            one search's buffers, not two); it thinks with ``budget`` for the hint and gets
            its own back after. Default: a ``hard`` bot of the Hinter's own.
        :param budget: (iterations, deadline_ms) for the hint; default the ``hard`` level's
            (a game passes it, read when it made its bots, so that engine/bots/levels.py
            need not stay loaded for hints).
        :param teacher: make the Chitarrella player ``suggest`` needs; False for
            ``search_move`` alone."""
        if search is None or budget is None:
            from engine.bots.levels import level_budget, make_level_bot

            if budget is None:
                budget = level_budget("hard")[1:]
            if search is None:
                search = make_level_bot("hard", rules, seed)
        self.iterations, self.deadline_ms = budget
        self.search = search
        self.teacher = None
        if teacher:  # the search's own when it holds one (the master bot does)
            self.teacher = getattr(search, "teacher", None) or make_bot("chitarrella", rules)
        self.move = -1
        self.kind = ""
        self.reason = 0

    def reset(self, seed: int) -> None:
        """Restart the search's random stream for a new match."""
        self.search.reset(seed)

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

    def suggest(self, obs, moves, count: int) -> int:
        """The suggested move, its reason Chitarrella's when his player would make it too
        (the Hinter needs its teacher)."""
        move = self.search_move(obs, moves, count)
        teacher = self.teacher
        code = teacher.explain(obs, moves, count, move)
        if code:
            self.kind = teacher.REASON_KIND
            self.reason = code
        return move


def hint_text(hinter, state=None) -> str:
    """Edge: the last hint in words, e.g. "play 5c, taking 5d: keep the values paired: C-28".

    With the ``state`` the hint was asked in, the words name the card and what it takes.
    """
    reason = reason_words(hinter.kind, hinter.reason)
    if state is None or hinter.move < 0:
        return reason
    from engine.cards import card_name

    move = hinter.move
    taken = state.taken_cards(move)
    play = "play %s" % card_name(move & 63)
    if taken:
        play += ", taking " + " + ".join(card_name(card) for card in taken)
    return play + ": " + reason if reason else play
