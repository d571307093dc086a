"""Constants folded across modules, for the board's compiled code (sim/minify.py runs it first).

mpy-cross puts the value of a ``NAME = const(5)`` in place of ``NAME`` only inside the module
that defines it, and keeps ``NAME`` in that module's globals for the others, which import it:
each import is one more global in the importer, each use a dictionary lookup at run time, and
the name joins the board's pool of interned names. Before the ``.mpy`` build, each public
``const()`` that the board's code only reads has its value written where it is read, in every
module: ``NAME``, ``module.NAME`` and ``from module import NAME`` (dropped from the import),
and its definition goes: about 1.1 KB less engine heap and 2.9 KB less at a board's peak
(``make bench``, ``python -m sim.memory_budget``). Line numbers stay as they were, so a built
file reads line for line against its source.

A constant is left alone when the code uses it any other way (assigns it twice, passes it as
a keyword, reads it as an attribute of something that is not a module), when its name is the
whole of a string literal (code may reach it through ``getattr``), or when ``code.py`` or
``boot.py`` names it (they are copied as written). ``fold`` refuses, with ``MinifyError``'s
message naming the file and line, a script that uses a folded name in a way it cannot fold.

Desktop only.
"""

from __future__ import annotations

import ast
import operator


class MinifyError(Exception):
    """The board's code cannot be renamed safely; the message says where and why."""


_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
              ast.FloorDiv: operator.floordiv, ast.LShift: operator.lshift,
              ast.RShift: operator.rshift, ast.BitOr: operator.or_, ast.BitAnd: operator.and_,
              ast.BitXor: operator.xor}


def _int_value(node: ast.AST, known: dict[str, int]) -> int | None:
    """The int a ``const()`` argument stands for, given the constants ``known``; None when it
    is not a sum of ints and constants that mpy-cross could fold either."""
    if isinstance(node, ast.Constant):
        return node.value if type(node.value) is int else None
    if isinstance(node, ast.Name):
        return known.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Invert)):
        value = _int_value(node.operand, known)
        if value is None:
            return None
        return -value if isinstance(node.op, ast.USub) else ~value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _int_value(node.left, known), _int_value(node.right, known)
        if left is None or right is None:
            return None
        return _OPERATORS[type(node.op)](left, right)
    return None


def _definition(statement: ast.stmt) -> tuple[str, ast.expr] | None:
    """(name, argument) when ``statement`` is ``NAME = const(argument)`` with a public name."""
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
        return None
    target, value = statement.targets[0], statement.value
    if isinstance(target, ast.Name) and not target.id.startswith("_") and \
            isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and \
            value.func.id == "const" and len(value.args) == 1 and not value.keywords:
        return target.id, value.args[0]
    return None


def _imported_modules(tree: ast.Module, modules: set[str]) -> set[str]:
    """The names of ``modules`` that ``tree`` binds by importing them (``from engine import
    observe``): ``observe.PLY`` reads a module's constant only where ``observe`` is one."""
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update(alias.asname or alias.name for alias in node.names)
    return bound & modules


def _foldable_use(node: ast.AST, name: str, modules: set[str]) -> bool | None:
    """Whether ``node``, which mentions ``name``, is a use ``fold`` can rewrite (``modules``:
    the module names the file imports); None when it does not mention it."""
    if isinstance(node, ast.Name) and node.id == name:
        return isinstance(node.ctx, ast.Load)
    if isinstance(node, ast.Attribute) and node.attr == name:
        return isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Name) and \
            node.value.id in modules
    if isinstance(node, ast.alias) and node.name == name:
        return node.asname is None
    if isinstance(node, ast.arg) and node.arg == name or \
            isinstance(node, ast.keyword) and node.arg == name or \
            isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name or \
            isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
        return False
    return None


def foldable(trees: list[ast.Module], modules: set[str], kept: set[str]) -> dict[str, int]:
    """{name: value} of the public constants of ``trees`` (the board's modules) to fold: each
    defined once, as an int, and only read, by name, as a module's attribute or imported by
    its name; none of the names in ``kept``."""
    definitions: dict[str, list[ast.expr]] = {}
    for tree in trees:
        for statement in tree.body:
            found = _definition(statement)
            if found:
                definitions.setdefault(found[0], []).append(found[1])
    known: dict[str, int] = {}
    changed = True
    while changed:  # a constant may be defined by others: settle them in rounds
        changed = False
        for name, arguments in definitions.items():
            if name not in known and len(arguments) == 1 and name not in kept:
                value = _int_value(arguments[0], known)
                if value is not None:
                    known[name] = value
                    changed = True
    for tree in trees:
        for name in [name for _node, name in _other_uses(tree, known, modules)]:
            known.pop(name, None)
    return known


def _other_uses(tree: ast.Module, constants, modules: set[str]):
    """(node, name) for each use in ``tree`` of a name of ``constants`` that ``fold`` cannot
    rewrite (a definition is not one)."""
    modules = _imported_modules(tree, modules)
    defining = {id(statement.targets[0]) for statement in tree.body if _definition(statement)}
    for node in ast.walk(tree):
        for name in _mentions(node):
            if name in constants and id(node) not in defining and \
                    not _foldable_use(node, name, modules):
                yield node, name


def _mentions(node: ast.AST) -> list:
    """The names ``node`` itself spells (not its children's)."""
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return node.names
    return [getattr(node, field) for field in ("id", "attr", "name", "arg")
            if isinstance(getattr(node, field, None), str)]


def _literal(value: int) -> str:
    return "%d" % value if value >= 0 else "(%d)" % value


def _import_text(node: ast.ImportFrom, kept: list[ast.alias]) -> str:
    if not kept:
        return "pass"
    names = ", ".join(alias.name if alias.asname is None else
                      "%s as %s" % (alias.name, alias.asname) for alias in kept)
    return "from %s%s import %s" % ("." * node.level, node.module or "", names)


def _edits(tree: ast.Module, constants: dict[str, int], modules: set[str]):
    """(node, new text) for every place of ``tree`` that folding changes."""
    modules = _imported_modules(tree, modules)
    for statement in tree.body:
        found = _definition(statement)
        if found and found[0] in constants:
            yield statement, ""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in constants and \
                isinstance(node.ctx, ast.Load):
            yield node, _literal(constants[node.id])
        elif isinstance(node, ast.Attribute) and node.attr in constants and \
                isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Name) and \
                node.value.id in modules:
            yield node, _literal(constants[node.attr])
        elif isinstance(node, ast.ImportFrom) and \
                any(alias.name in constants and alias.asname is None for alias in node.names):
            kept = [alias for alias in node.names
                    if alias.name not in constants or alias.asname is not None]
            yield node, _import_text(node, kept)


def fold(text: str, constants: dict[str, int], modules: set[str], path="<source>") -> str:
    """``text`` with the ``constants`` folded in: each use replaced by its value, each import
    of one dropped, each definition removed; lines where they were. Raises MinifyError when
    ``text`` uses one another way."""
    tree = ast.parse(text, str(path))
    for node, name in _other_uses(tree, constants, modules):
        raise MinifyError("%s:%d: %s is folded as a constant for the board, but this line "
                          "uses it another way" % (path, getattr(node, "lineno", 0), name))
    data = text.encode("utf-8")  # ast columns count bytes
    starts = [0]
    for line in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    spans = []
    for node, new in _edits(tree, constants, modules):
        start = starts[node.lineno - 1] + node.col_offset
        end = starts[node.end_lineno - 1] + node.end_col_offset
        spans.append((start, end, new + "\n" * (node.end_lineno - node.lineno)))
    spans.sort()
    outer = []  # a definition's own names go with it
    for span in spans:
        if not outer or span[0] >= outer[-1][1]:
            outer.append(span)
    for start, end, new in reversed(outer):
        data = data[:start] + new.encode("utf-8") + data[end:]
    return data.decode("utf-8")
