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

Each module's constants are its own: ``LEFT`` of lib/layouts.py and ``LEFT`` of
lib/input_events.py fold apart, each where a module imports it (``from input_events import
LEFT``) or reads it on the module (``layouts.LEFT``). A constant is left alone when some file
that imports it also binds its name another way (an assignment, a parameter, a second
import), imports it under another name, or writes it; when code reads an attribute of that
name on something that is not a module imported by name (``self.LEFT``: it might be one);
when its name is the whole of a string literal (code may reach it through ``getattr``); or
when ``code.py`` or ``boot.py`` names it (they are copied as written). ``fold`` refuses, with
``MinifyError``'s message naming the file and line, a script that uses a folded constant in
a way it cannot fold.

Desktop only.
"""

from __future__ import annotations

import ast
import operator
from pathlib import Path


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


def module_name(path: Path) -> str:
    """The name the board imports the module at ``path`` (relative to the root) by: lib/ is on
    its path, engine/ a package."""
    parts = list(path.with_suffix("").parts)
    if parts[0] == "lib":
        parts = parts[1:]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def const_assignment(statement: ast.stmt) -> tuple[str, ast.expr] | None:
    """(name, argument) when ``statement`` is ``NAME = const(argument)``."""
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
        return None
    target, value = statement.targets[0], statement.value
    if isinstance(target, ast.Name) and isinstance(value, ast.Call) and \
            isinstance(value.func, ast.Name) and value.func.id == "const" and \
            len(value.args) == 1 and not value.keywords:
        return target.id, value.args[0]
    return None


def _definition(statement: ast.stmt) -> tuple[str, ast.expr] | None:
    """(name, argument) when ``statement`` is ``NAME = const(argument)`` with a public name."""
    found = const_assignment(statement)
    return found if found and not found[0].startswith("_") else None


class _File:
    """What one file's names stand for: the constants and modules it binds by name."""

    def __init__(self, tree: ast.Module, own: str | None, defined, modules: set[str]) -> None:
        self.tree = tree
        self.constants: dict[str, tuple] = {}  # local name -> (module, name) of a constant
        self.modules: dict[str, str] = {}  # local name -> module
        self.renamed: dict[tuple, int] = {}  # constants imported under another name -> line
        self.clashes: dict[str, int] = {}  # names bound twice, differently -> a line
        self.definitions = []  # (statement, (module, name)) of its own constants
        for statement in tree.body:
            found = _definition(statement)
            if found and own is not None:
                self.definitions.append((statement, (own, found[0])))
                self._bind(self.constants, found[0], (own, found[0]), statement)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                for alias in node.names:
                    key = (node.module, alias.name)
                    local = alias.asname or alias.name
                    if key in defined:
                        if alias.asname:
                            self.renamed.setdefault(key, node.lineno)
                        self._bind(self.constants, local, key, node)
                    elif node.module + "." + alias.name in modules:
                        self._bind(self.modules, local, node.module + "." + alias.name, node)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in modules and (alias.asname or "." not in alias.name):
                        self._bind(self.modules, alias.asname or alias.name, alias.name, node)
        for local in self.constants.keys() & self.modules.keys():
            self.clashes.setdefault(local, 0)
        for local, line in _rebound(tree, self.definitions).items():
            if local in self.constants or local in self.modules:  # obs.PLY: a module's?
                self.clashes.setdefault(local, line)

    def _bind(self, table: dict, local: str, target, node: ast.stmt) -> None:
        if table.setdefault(local, target) != target:
            self.clashes.setdefault(local, node.lineno)

    def uses(self):
        """(node, (module, name) or None, foldable) for every place the file names a
        constant's name: as a name it binds to one, as an attribute of a module it imports,
        or as an attribute of something else (key None)."""
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Name) and node.id in self.constants and \
                    isinstance(node.ctx, ast.Load):
                yield node, self.constants[node.id], node.id not in self.clashes
            elif isinstance(node, ast.Attribute):
                module = self.modules.get(node.value.id) \
                    if isinstance(node.value, ast.Name) and node.value.id not in self.clashes \
                    else None
                key = (module, node.attr) if module else None
                yield node, key, isinstance(node.ctx, ast.Load)


def _rebound(tree: ast.Module, definitions) -> dict[str, int]:
    """{name: line} of the names ``tree`` binds other than by import or its own constants'
    definitions."""
    defining = {id(statement.targets[0]) for statement, _key in definitions}
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load) and \
                id(node) not in defining:
            names.setdefault(node.id, node.lineno)
        elif isinstance(node, ast.arg):
            names.setdefault(node.arg, node.lineno)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.setdefault(node.name, node.lineno)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                names.setdefault(name, node.lineno)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.setdefault(node.name, node.lineno)
    return names


def _blocked(files: list[_File], keys) -> dict[tuple, int]:
    """{key: line} for the ``keys`` (constants) some file uses in a way ``fold`` cannot
    rewrite, with the first such line."""
    names = {name for _module, name in keys}
    blocked = {}
    for file in files:
        for key, line in file.renamed.items():
            blocked.setdefault(key, line)
        for local, key in file.constants.items():
            if local in file.clashes:
                blocked.setdefault(key, file.clashes[local])
        for node, key, foldable in file.uses():
            if key is None and isinstance(node, ast.Attribute) and node.attr in names:
                for other in keys:  # obj.NAME: obj may be a module
                    if other[1] == node.attr:
                        blocked.setdefault(other, node.lineno)
            elif key is not None and not foldable:
                blocked.setdefault(key, node.lineno)
    return {key: line for key, line in blocked.items() if key in keys}


class Constants:
    """The public ``const()`` ints of the board's modules that ``fold`` writes in where they
    are read: ``values`` {(module, name): int}."""

    def __init__(self, sources: list[tuple[str, ast.Module]], kept: set[str]) -> None:
        """``sources``: (module name, tree) of each board module; ``kept``: names never folded
        (spelled out as strings, or named by code.py or boot.py)."""
        self.modules = {module for module, _tree in sources}
        definitions = {}
        for module, tree in sources:
            for statement in tree.body:
                found = _definition(statement)
                if found and found[0] not in kept:
                    definitions[(module, found[0])] = found[1]
        files = [_File(tree, module, definitions, self.modules) for module, tree in sources]
        values: dict[tuple, int] = {}
        changed = True
        while changed:  # a constant may be defined by others: settle them in rounds
            changed = False
            for file in files:
                known = {local: values[key] for local, key in file.constants.items()
                         if key in values}
                for _statement, key in file.definitions:
                    if key in definitions and key not in values:
                        value = _int_value(definitions[key], known)
                        if value is not None:
                            values[key] = value
                            changed = True
        for key in _blocked(files, values):
            del values[key]
        self.values = values
        self._folded: dict[tuple[str, str], str] = {}

    def fold(self, text: str, path: Path | str = "<source>") -> str:
        """``text`` (a board module at ``path``, relative to the root, or a script that
        drives one) with the constants folded in: each use replaced by its value, each import
        of one dropped, each definition of one removed; lines where they were. Raises
        MinifyError when ``text`` uses one another way."""
        key = (str(path), text)
        if key not in self._folded:  # the scan of the names, then the build, fold each file
            self._folded[key] = self._fold(text, path)
        return self._folded[key]

    def _fold(self, text: str, path: Path | str) -> str:
        tree = ast.parse(text, str(path))
        own = module_name(Path(path))
        file = _File(tree, own if own in self.modules else None, self.values, self.modules)
        for (module, name), line in _blocked([file], self.values).items():
            raise MinifyError("%s:%d: %s of %s is folded as a constant for the board, but "
                              "this file uses it another way" % (path, line, name, module))
        return apply_edits(text, _edits(file, self.values))


def fold_private(text: str, path: Path | str = "<source>") -> str:
    """``text`` with its private ``_NAME = const(...)`` ints written where they are read and
    their definitions removed; lines where they were.

    mpy-cross and a board's compiler fold these themselves, and a ``.mpy`` file keeps no
    trace of them, but a board compiling a ``.py`` file interns every name its lexer meets:
    a ``.py`` build folds them first (about 90 names). A ``.mpy`` build does too, the same
    bytecode, so that ``drop_unused_const`` sees when nothing reads ``const`` any more. A
    name the module binds another way, or that a string spells out, is left as it is.
    """
    tree = ast.parse(text, str(path))
    definitions = {}
    for statement in tree.body:
        found = const_assignment(statement)
        if found and found[0].startswith("_"):
            definitions[found[0]] = (statement, found[1])
    rebound = _rebound(tree, [(statement, None) for statement, _ in definitions.values()])
    spelled = {node.value for node in ast.walk(tree)
               if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    values: dict[str, int] = {}
    for name, (_statement, argument) in definitions.items():  # in order: a value may use
        value = _int_value(argument, values)  # the ones above it
        if value is not None and name not in rebound and name not in spelled:
            values[name] = value
    edits = [(definitions[name][0], "") for name in values]
    edits += [(node, _literal(values[node.id])) for node in ast.walk(tree)
              if isinstance(node, ast.Name) and node.id in values and
              isinstance(node.ctx, ast.Load)]
    return apply_edits(text, edits)


def _const_import(statement: ast.stmt) -> bool:
    """Whether ``statement`` is the board's ``const`` import with its CPython fallback:
    ``try: from micropython import const`` / ``except ImportError: def const(value): ...``."""
    return (isinstance(statement, ast.Try) and len(statement.body) == 1
            and isinstance(statement.body[0], ast.ImportFrom)
            and statement.body[0].module == "micropython"
            and [alias.name for alias in statement.body[0].names] == ["const"]
            and not statement.orelse and not statement.finalbody
            and all(isinstance(node, ast.FunctionDef) and node.name == "const"
                    for handler in statement.handlers for node in handler.body))


def drop_unused_const(text: str, path: Path | str = "<source>") -> str:
    """``text`` without its ``const`` import (``_const_import``) once folding has left no
    ``const()`` to read it; lines where they were.

    The import binds ``const`` in the module's globals, on a board too: a module whose
    constants were all folded (sim/minify.py folds the public ones, then ``fold_private`` the
    private ones) would keep the name for nothing, one more entry in its dictionary.
    """
    tree = ast.parse(text, str(path))
    imports = [statement for statement in tree.body if _const_import(statement)]
    if len(imports) != 1:
        return text
    inside = {id(node) for node in ast.walk(imports[0])}
    if any(isinstance(node, ast.Name) and node.id == "const" and id(node) not in inside
           for node in ast.walk(tree)):
        return text  # a const() mpy-cross folds itself, or code that reads the name
    return apply_edits(text, [(imports[0], "")])


def _literal(value: int) -> str:
    return "%d" % value if value >= 0 else "(%d)" % value


def _edits(file: _File, values: dict):
    """(node, new text) for every place of ``file`` that folding changes."""
    for statement, key in file.definitions:
        if key in values:
            yield statement, ""
    for node, key, _foldable in file.uses():
        if key in values:
            yield node, _literal(values[key])
    for node in ast.walk(file.tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and \
                any((node.module, alias.name) in values for alias in node.names):
            kept = [alias for alias in node.names if (node.module, alias.name) not in values]
            yield node, _import_text(node, kept)


def _import_text(node: ast.ImportFrom, kept: list[ast.alias]) -> str:
    if not kept:
        return "pass"
    names = ", ".join(alias.name if alias.asname is None else
                      "%s as %s" % (alias.name, alias.asname) for alias in kept)
    return "from %s import %s" % (node.module, names)


def apply_edits(text: str, edits) -> str:
    """``text`` with each edit's node replaced by its text, padded with newlines to keep the
    node's lines; an edit inside another (a definition's own names) goes with it."""
    data = text.encode("utf-8")  # ast columns count bytes
    starts = [0]
    for line in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    spans = []
    for node, new in edits:
        start = starts[node.lineno - 1] + node.col_offset
        end = starts[node.end_lineno - 1] + node.end_col_offset
        spans.append((start, end, new + "\n" * (node.end_lineno - node.lineno)))
    spans.sort()
    outer = []
    for span in spans:
        if not outer or span[0] >= outer[-1][1]:
            outer.append(span)
    for start, end, new in reversed(outer):
        data = data[:start] + new.encode("utf-8") + data[end:]
    return data.decode("utf-8")
