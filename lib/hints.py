"""A hint's move and its reasons, worked out for lib/game.py ``hint``, which loads this module
for a hint and drops it after, so a board does not hold this code through play.

Two steps, each with only its own code loaded (engine/bots/hint.py): the search's move, then
Chitarrella's player's, one made for the hint: the ``chitarrella`` bot as he plays, with his
tuned weights (the master bot holds one too, but with the weights its search wants a
candidate from, engine/bots/chitarrella.py). His rule explains the move when he makes it
too, and the hint names his other play when he would not. Without the search (lib/boards.py
``SEARCH_MIN_FREE``) the bots are Chitarrella's players, and one of them gives the hint: his
move and his rule (at ``normal`` the bots play him without his strategy, the ``careful``
bot, and he gives the hint with it).

Allocation: edge (a hint is asked, not played: the tuples of its reasons).
"""

from engine.unload import forget


def find(game, count: int) -> int:
    """The hinted move among ``game.moves[:count]`` for the position ``game.obs`` shows;
    sets ``game.hint_reason`` and ``game.hint_teacher`` (lib/game.py)."""
    move = -1
    kind = ""
    code = 0
    if game.hint_budget is not None:  # the bots search: the search's move first
        hinter = game.make_hinter()
        move = hinter.search_move(game.obs, game.moves, count)
        kind = hinter.kind
        code = hinter.reason
        hinter = None
        game.drop_hinter()
    teacher = game.bot
    lent = getattr(teacher, "REASON_KIND", "") == "chitarrella"  # no search on this board
    # a master bot holds his module for its own teacher: it stays loaded, or the next hint
    # would load a second copy
    resident = lent or hasattr(teacher, "teacher")
    if not lent:
        from engine.bots import make_bot

        teacher = make_bot("chitarrella", game.rules)
    strategy = teacher.strategy
    teacher.strategy = True  # the careful bots' player hints with all of his advice
    other = teacher.choose(game.obs, game.moves, count)
    teacher.strategy = strategy
    other_code = teacher.reason
    if move < 0:
        move = other
    if other == move:  # he plays it too: his rule is the reason
        kind = teacher.REASON_KIND
        code = other_code
        other = -1
        other_code = 0
    teacher = None
    if not resident:
        forget("engine.bots.chitarrella", "engine.bots")  # until the next hint
    game.hint_teacher = (other, other_code)
    game.hint_reason = (kind, code)
    return move
