"""Forgetting modules needed only now and then, so their code leaves a board's heap until the
next use: the rules parser (engine/rules.py ``release_parser``), the bots' reason words
(engine/bots ``reason_words``), and on the game's side saves, summaries, a language's strings,
the hint's helpers (lib/).

Dropping a module from ``sys.modules`` is not enough for one inside a package: MicroPython
(and CPython) also keep it as an attribute of the package, which would keep it alive. Its
interned names stay in any case: MicroPython never frees them.

Allocation: none of note (edge: called between plays).
"""

import sys


def forget(*names) -> None:
    """Drop the modules called ``names`` (dotted names too) until they are imported again."""
    for name in names:
        sys.modules.pop(name, None)
        package, _, leaf = name.rpartition(".")
        parent = sys.modules.get(package) if package else None
        if parent is not None and leaf in parent.__dict__:
            delattr(parent, leaf)
