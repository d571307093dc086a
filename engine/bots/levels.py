"""Difficulty levels the player picks, mapped to bots and their budgets.

- ``easy``: the greedy bot, a beginner that grabs what it sees;
- ``normal``: the master search bot within a board's 1 s a move;
- ``hard``: the master search bot within a board's 3 s a move;
- ``desktop``: the master search bot with a budget only the simulator can afford: 960
  iterations, about 35 ms a move on CPython, which played +0.19 points a hand (0.10 to 0.29)
  and +0.13 (0.03 to 0.22) over the 240 it had, on 1,000 duplicate deals each (seeds 160001
  and 170001) [derived].

A board whose heap cannot hold the search (lib/boards.py ``SEARCH_MIN_FREE``) plays without it
(``search=False``), about a fifth of the search's heap (README "On a board", 8. Memory budget):
``hard`` (and ``desktop``) with the Chitarrella bot, Chitarrella's rules played as written, and
``normal`` with the ``careful`` bot, the same player without his strategy (C-28 to C-39), so
that the three levels still differ: on 3,000 duplicate deals (seed 610001) ``careful`` played
+0.12 points a hand (0.07 to 0.17) over ``greedy``, and the Chitarrella bot +0.17 (0.12 to
0.22) over ``careful`` [derived].

The board levels are sized by iterations, which make play reproducible. A board runs about 200
times slower than the MicroPython unix port (DESIGN.md), so 1 s is about 5 ms there;
``make bench`` prints the unix-port times and the board estimates. The deadline is a safety net
on a slow board, in its own milliseconds.

Allocation: none per decision (the bots preallocate).
"""

from engine.bots import make_bot

LEVELS = ("easy", "normal", "hard", "desktop")

# level -> (bot, iterations, deadline in ms on the board; 0 = none)
_BUDGETS = {
    "easy": ("greedy", 0, 0),
    "normal": ("master", 20, 1000),
    "hard": ("master", 64, 3000),
    "desktop": ("master", 960, 0),
}


def level_budget(level: str, search: bool = True) -> tuple:
    """(bot name, iterations, deadline_ms) of ``level``, on a board that can hold the search
    bot unless ``search`` is False; raises ValueError for another name."""
    if level not in _BUDGETS:
        raise ValueError("unknown level %r (known: %s)" % (level, ", ".join(LEVELS)))
    budget = _BUDGETS[level]
    if not search and budget[0] == "master":
        return ("careful" if level == "normal" else "chitarrella", 0, 0)
    return budget


def make_level_bot(level: str, rules, seed: int = 1, search: bool = True):
    """The bot that plays at ``level`` (``search`` as for ``level_budget``)."""
    name, iterations, deadline_ms = level_budget(level, search)
    return make_bot(name, rules, seed, iterations, deadline_ms)
