"""The engine's core as one module, for the board's compiled code (sim/minify.py runs it last).

A board holds each module it imports as a module object with its own globals dictionary,
its own table of the names and constants its ``.mpy`` file uses, and one global more for
every name it imports from another; the core's modules also keep the names of the modules
they import (``capture``, ``observe``...). The core (``MEMBERS``: every engine module a match
needs) is always loaded whole, so a ``.mpy`` build writes it as one module, the package's
``engine/__init__.py``, and no file for each member: about 1.4 KB less on a board's heap
(``make bench``'s ``mp32_engine_heap_bytes``, ``python -m sim.memory_budget``).

``bundle`` joins the members' built texts in the order their imports need, drops their imports
of one another and reads ``capture.NAME`` as ``NAME``; ``rewrite_imports`` makes every other
module import from the package: ``from engine.state import State`` becomes ``from engine import
State``, ``from engine import observe`` becomes ``import engine as observe``. Line numbers
change, but a ``.mpy`` build keeps none (sim/mpruntime.py ``MPY_OPTIMIZE``). It refuses, with
``MinifyError`` naming the module and line, a core whose members define the same name, use a
member module other than by reading its attributes, or import one another in a circle.

A ``.py`` build and ``AS_WRITTEN=1`` keep the modules apart: a board compiling the core as
one source would need several times its size in heap for a moment.

Desktop only.
"""

from __future__ import annotations

import ast

from sim.const_fold import MinifyError, apply_edits

PACKAGE = "engine"
INIT = "engine/__init__.py"
MEMBERS = ("cards", "layout", "moves", "rng", "rules", "scoring", "capture", "observe", "match",
           "state")


def member_path(name: str) -> str:
    return "%s/%s.py" % (PACKAGE, name)


def is_member(path) -> bool:
    """Whether ``path`` (relative to the root, ``/`` or the platform's separator) is a
    module the bundle holds."""
    return str(path).replace("\\", "/") in {member_path(name) for name in MEMBERS}


def built_names(modules) -> list[str]:
    """Module names (``engine.state``) as a ``.mpy`` build has them: a member's is the
    package's; each once, in their order."""
    found: list[str] = []
    for name in modules:
        name = PACKAGE if _member_of(name) else name
        if name not in found:
            found.append(name)
    return found


def _member_of(module: str | None) -> str | None:
    """The member a dotted module name (``engine.state``) names, or None."""
    package, _, name = (module or "").partition(".")
    return name if package == PACKAGE and name in MEMBERS else None


def _member_imports(node: ast.ImportFrom) -> list[tuple[str, str]]:
    """(member, name bound) for each member module ``from engine import ...`` imports."""
    if node.level or node.module != PACKAGE:
        return []
    return [(alias.name, alias.asname or alias.name) for alias in node.names
            if alias.name in MEMBERS]


def _core_imports(node: ast.stmt) -> set[str]:
    """The members a ``from engine... import`` statement imports, modules or their names."""
    if not isinstance(node, ast.ImportFrom) or node.level:
        return set()
    member = _member_of(node.module)
    return {member} if member else {name for name, _ in _member_imports(node)}


def rewrite_imports(text: str, path="<source>") -> str:
    """``text`` importing the core's names from the package instead of its members; lines
    as they were."""
    tree = ast.parse(text, str(path))
    edits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(_member_of(a.name) for a in node.names):
            raise MinifyError("%s:%d: import the core's modules with `from %s import ...`"
                              % (path, node.lineno, PACKAGE))
        if not isinstance(node, ast.ImportFrom) or node.level:
            continue
        if _member_of(node.module):
            edits.append((node, "from %s import %s" % (PACKAGE, _names(node.names))))
            continue
        modules = _member_imports(node)
        if modules:
            others = [alias for alias in node.names if alias.name not in MEMBERS]
            parts = ["import %s as %s" % (PACKAGE, bound) for _, bound in modules]
            if others:
                parts.append("from %s import %s" % (PACKAGE, _names(others)))
            edits.append((node, "; ".join(parts)))
    return apply_edits(text, edits) if edits else text


def _names(aliases: list[ast.alias]) -> str:
    return ", ".join(a.name if a.asname is None else "%s as %s" % (a.name, a.asname)
                     for a in aliases)


def bundle(package_text: str, members: dict[str, str]) -> str:
    """The package's ``__init__`` text followed by every member's (``{name: built text}``),
    each after the members it imports, as one module."""
    parts = [package_text.rstrip("\n") + "\n"]
    trees = {name: ast.parse(text, member_path(name)) for name, text in members.items()}
    defined: dict[str, str] = {}
    for name in _order(trees):
        path = member_path(name)
        for bound in _top_level_names(trees[name]):
            if defined.setdefault(bound, name) != name:
                raise MinifyError("%s: %s is also defined in %s; the bundled core needs one "
                                  "name for each" % (path, bound, member_path(defined[bound])))
        parts.append(_inlined(members[name], trees[name], path))
    return "\n".join(parts)


def _order(trees: dict[str, ast.Module]) -> list[str]:
    """The members, each after those it imports at its top level (then in ``MEMBERS``'
    order)."""
    needs = {name: set().union(*map(_core_imports, tree.body)) & set(trees)
             for name, tree in trees.items()}
    order: list[str] = []
    while len(order) < len(trees):
        ready = [name for name in MEMBERS if name in trees and name not in order
                 and needs[name] <= set(order)]
        if not ready:
            raise MinifyError("%s import one another in a circle" % ", ".join(
                member_path(name) for name in MEMBERS if name in trees and name not in order))
        order.append(ready[0])
    return order


def _top_level_names(tree: ast.Module):
    """The names a module's top level binds, but its imports from outside the core (the
    same import in two members binds the same thing)."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            yield node.name
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                yield from (n.id for n in ast.walk(target) if isinstance(n, ast.Name))


def _inlined(text: str, tree: ast.Module, path: str) -> str:
    """A member's text with its imports of members dropped and ``member.NAME`` read as
    ``NAME``."""
    aliases = set()
    edits = []
    for node in tree.body:
        if _core_imports(node):
            aliases |= {bound for _, bound in _member_imports(node)}
            others = [a for a in node.names if a.name not in MEMBERS] \
                if node.module == PACKAGE else []
            edits.append((node, "from %s import %s" % (PACKAGE, _names(others))
                          if others else "pass"))
    reads = {id(target) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
             for statement in node.body if isinstance(statement, ast.Assign)
             for target in statement.targets}  # a method named as a member: its own name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id in aliases:
            if not isinstance(node.ctx, ast.Load):
                raise MinifyError("%s:%d: the bundled core cannot write %s.%s"
                                  % (path, node.lineno, node.value.id, node.attr))
            reads.add(id(node.value))
            edits.append((node, node.attr))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in aliases and id(node) not in reads:
            raise MinifyError("%s:%d: the bundled core can use the module %s only by reading "
                              "its attributes" % (path, node.lineno, node.id))
    return apply_edits(text, edits)
