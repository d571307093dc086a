"""Bots: each chooses a move from a seat's observation and the legal moves.

Interface: ``bot.choose(obs, moves, count) -> move``, ``bot.wants_declare(obs) -> bool``,
``bot.reset(seed)`` before a match, and ``bot.needs_observation`` (False lets the caller skip
``State.observe``). ``make_bot(name, rules, seed)`` builds one by name.

Allocation: none per decision (checked under ``micropython.heap_lock()``).
"""

BOT_NAMES = ("random", "greedy")


def make_bot(name: str, rules, seed: int = 1):
    """The bot called ``name`` (one of BOT_NAMES); raises ValueError for another name."""
    if name == "random":
        from engine.bots.random_bot import RandomBot

        return RandomBot(seed)
    if name == "greedy":
        from engine.bots.greedy import GreedyBot

        return GreedyBot(rules)
    raise ValueError("unknown bot %r (known: %s)" % (name, ", ".join(BOT_NAMES)))
