"""Bots: each chooses a move from a seat's observation and the legal moves.

Interface: ``bot.choose(obs, moves, count) -> move``, ``bot.wants_declare(obs) -> bool``,
``bot.reset(seed)`` before a match, and ``bot.needs_observation`` (False lets the caller skip
``State.observe``). After ``choose``, ``bot.reason`` holds a small int naming why it chose the
move (0 when it has nothing to say); ``reason_words(bot.REASON_KIND, bot.reason)`` turns it
into words for hints (lib/i18n.py ``reason``), from engine/bots/reasons.py.
``make_bot(name, rules, seed, iterations, deadline_ms)`` builds one by name; a search bot
stops at whichever of its two budgets runs out first (0 means its default).

Allocation: none per decision (checked under ``micropython.heap_lock()``).
"""

BOT_NAMES = ("random", "greedy", "careful", "chitarrella", "master")


def make_bot(name: str, rules, seed: int = 1, iterations: int = 0, deadline_ms: int = 0):
    """The bot called ``name`` (one of BOT_NAMES); raises ValueError for another name."""
    if name == "random":
        from engine.bots.random_bot import RandomBot

        return RandomBot(seed)
    if name == "greedy":
        from engine.bots.greedy import GreedyBot

        return GreedyBot(rules)
    if name in ("careful", "chitarrella"):  # careful: without Chitarrella's strategy
        from engine.bots.chitarrella import ChitarrellaBot

        return ChitarrellaBot(rules, False, name == "chitarrella")
    if name == "master":
        from engine.bots.master import MasterBot

        return MasterBot(rules, seed, iterations, deadline_ms)
    raise ValueError("unknown bot %r (known: %s)" % (name, ", ".join(BOT_NAMES)))


def reason_words(kind: str, code: int) -> str:
    """Edge: the words of reason ``code`` of a bot whose ``REASON_KIND`` is ``kind``, read
    from engine/bots/reasons.py, which is loaded for this and dropped again."""
    if not kind or code <= 0:
        return ""
    from engine.bots.reasons import words
    from engine.unload import forget

    # ``words`` keeps the module alive until this returns; the package goes too, as lib/game.py
    # has it go once the bots are made
    forget("engine.bots.reasons", "engine.bots")
    return words(kind, code)
