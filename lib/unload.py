"""Forgetting modules the game needs only now and then (saves, summaries, a language's
strings, the hint's helpers), so their code leaves a board's heap until the next use.

Dropping a module from ``sys.modules`` is not enough for one inside a package: MicroPython
(and CPython) also keep it as an attribute of the package, which would keep it alive (as
engine/rules.py ``release_parser`` does for the rules parser). Its interned names stay in any
case: MicroPython never frees them.

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
