"""Short names for the board's compiled code: ``python -m sim.minify`` (``--map``).

A board interns every attribute, global, function, class and parameter name of each module it
loads (the qstr pool) and never frees them: about 1,100 names, 7 KB of text, at the game's peak
(sim/memory_budget.md). Before ``engine/`` and ``lib/`` are compiled to ``.mpy`` (``make deploy``
with ``MPY_CROSS``; the memory budget and ``make bench`` measure that build), every name the
game's own code defines is renamed to one, two or three letters, one mapping for the whole tree:
about 4.5 KB less on every board. The names of the modules every match loads (``CORE_MODULES``)
take first the names the firmware itself holds (the builtins and the builtin types' methods
both MicroPython ports list, in ``sim/minify_free.txt``) that no board code uses: on a firmware
that holds them they cost nothing at all (CircuitPython holds them on the boards' full
builds; where one is missing it costs its text, as any name does). First the public
constants are folded into the modules that read them and each module's private ones into it
(sim/const_fold.py ``fold_private``), and a module left with no ``const()`` loses its
``const`` import (``drop_unused_const``: one name less in its globals); the functions and
methods that neither the board's code nor the scripts that drive it (``HARNESS``) mention are
left out (``strip_functions``: the tests' card and move helpers, ``State.is_terminal``);
in a ``.mpy`` build each function's positional parameters take the firmware's names, but
those a call passes by keyword (``rename_parameters``: a ``.mpy`` keeps every parameter's
name, for such calls);
last, a ``.mpy`` build writes the engine's core as one module (sim/bundle.py). ``Renaming``
does all of it. A ``.py`` deploy (``make deploy`` without ``MPY_CROSS``) is built the same way
but for the bundle, and besides, as the board compiles it and its compiler interns every name
it reads: its docstrings dropped (``strip_docstrings``) and its locals renamed to letters
(``rename_locals``).
``AS_WRITTEN=1`` copies the sources as written instead, to be read and edited on the drive.

Renaming is by token (``tokenize``), so ``obj.name``, ``name``, ``f(name=1)`` and
``def f(name)`` change together and strings and comments never do. A name keeps its spelling
when:

- it comes from outside the game: Python's builtins and keywords, the methods of the builtin
  types, dunders, the names mpy-cross already stores for free (``_STATIC``), and the names of
  the boards' APIs the game defines too (``displayio``'s ``x``, a file's ``write``...), listed
  in ``sim/minify_keep.txt``, made from the CircuitPython and MicroPython stubs and the Adafruit
  libraries by ``python -m sim.minify --update-keep`` (tests/test_minify.py keeps it current);
- it names a module (imports find files by it);
- it is the whole of a string literal anywhere in the board's code: code that reaches a name
  through a string (``getattr(setup, key)``, namedtuple fields, the record reader's handlers)
  must spell the name out as a literal somewhere;
- ``code.py`` or ``boot.py`` uses it: they are copied as written.

A class's ``__slots__`` goes (``strip_slots``): CPython reads slots faster than a large
instance dict, but a board ignores them, and their strings would keep every attribute's name.
Likewise the engine's buffers, lists and tuples on CPython (engine/kinds.py): the build writes
a board's bytes and bytearrays in place of each call and no file for the module
(``board_kinds``).
A private name renamed to letters stays private (``_name`` becomes ``_ab``), and a
``_NAME = const(...)`` is never given a firmware's name, so mpy-cross still drops it.
f-strings are refused: on Python 3.11 their names are inside a string token (and the board's
code has none). ``python -m sim.minify --map`` prints the mapping, to read a board's
traceback.

Desktop only.
"""

from __future__ import annotations

import ast
import builtins
import functools
import hashlib
import io
import keyword
import re
import sys
import tokenize
from collections import Counter
from pathlib import Path

from sim import CommandParser, bundle, const_fold, reader_gone
from sim.const_fold import MinifyError

__all__ = ["MinifyError", "Renaming", "make_mapping", "rename", "renaming"]

ROOT = Path(__file__).resolve().parent.parent
KEEP_FILE = ROOT / "sim" / "minify_keep.txt"
FREE_FILE = ROOT / "sim" / "minify_free.txt"
STUB_DIRS = tuple(ROOT / ".venv" / "typecheck" / name
                  for name in ("circuitpython-stubs", "circuitpython", "micropython"))
VERBATIM = ("code.py", "boot.py")  # copied as written: their names keep their spelling
# The engine's choice of buffer kinds: a build writes a board's choice in place of each call
# (``board_kinds``) and no file for the module.
KINDS = "engine/kinds.py"
_BOARD_KINDS = {"byte_table": "", "byte_buffer": "bytearray"}
# Scripts that drive the built code on MicroPython (the benchmarks, the budget, the tests):
# what they call stays in the build (``BoardScan.unused``).
HARNESS = ("sim/mp", "tests/mp", "tests/board")
# The modules every match loads (the engine's core, and the rules parser until the rules are
# built): their names take the firmware's free ones first (``_shorten``).
CORE_MODULES = tuple(bundle.member_path(name) for name in bundle.MEMBERS) + ("engine/presets.py",
                                                                      "engine/unload.py")

# Methods Python calls by itself that only the desktop needs: the tests' comparisons and the
# reprs a test or a session at the desktop prints. No board code compares these objects, and a
# board printing one gets the default form, so the build leaves them out (``strip_functions``)
# with the functions nothing calls: bytecode and function objects held for nothing, in the
# engine's core (engine/rules.py, engine/state.py) and the set-up every match keeps.
DESKTOP_METHODS = {
    "engine/rules.py": {"Rules.__eq__", "Rules.__repr__"},
    "engine/state.py": {"State.__repr__"},
    "lib/match_setup.py": {"MatchSetup.__eq__", "MatchSetup.__repr__"},
    "lib/stats.py": {"Stats.__eq__", "Stats.__repr__"},
}

# Names in mpy-cross's table of static qstrs (py/makeqstrdata.py) that are not builtins or
# methods of builtin types: a .mpy stores them for free, a renamed one would cost a name.
_STATIC = ("close", "const", "end", "key", "little", "main", "micropython", "read", "self",
           "value", "write")
_BUILTIN_TYPES = (list, dict, str, bytes, bytearray, int, set, tuple, object, BaseException,
                  memoryview, range, type)
# Names a library or the runtime may look up on an object the game hands it (a stream's, an
# exception's, a mapping's): never given to one of the game's own (``free_names``), nor is a
# name with a capital: the compiler reads AssertionError by name for ``assert``, and a board's
# traceback must not show one of the game's names as an exception's.
_PROTOCOL = ("append", "args", "close", "count", "decode", "encode", "errno", "extend",
             "flush", "format", "get", "index", "items", "keys", "pend_throw", "read",
             "readinto", "readline", "readlines", "seek", "send", "sort", "tell", "throw",
             "value", "values", "write")
# Builtins MicroPython holds only at its "extra features" level, which CircuitPython does not
# set: on its boards the name would cost its text, longer than a short name's.
_GATED = ("execfile",)
STATIC_SCRIPT = ROOT / "sim" / "mp" / "static_names.py"
_F_STRING = re.compile(r"[rRbBuU]*[fF]")  # the prefix of an f-string token
_FSTRING_START = getattr(tokenize, "FSTRING_START", -1)
_FIRST = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_NEXT = _FIRST + "0123456789_"


def board_sources(root: Path = ROOT) -> list[Path]:
    """The board's Python files, relative to ``root``: code.py, boot.py, lib/, engine/."""
    files = [Path(name) for name in VERBATIM]
    for folder in ("lib", "engine"):
        files += sorted(p.relative_to(root) for p in (root / folder).rglob("*.py")
                        if "__pycache__" not in p.parts)
    return files


def harness_sources(root: Path = ROOT) -> list[Path]:
    """The scripts of ``HARNESS`` under ``root``, but sim/mp/static_names.py, which runs no
    game code: its builtins' names stay free for the game's (``_shorten``)."""
    static = root / STATIC_SCRIPT.relative_to(ROOT)
    return [path for folder in HARNESS for path in sorted((root / folder).rglob("*.py"))
            if path != static]


def _tokens(text: str, path) -> list[tokenize.TokenInfo]:
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    for token in tokens:  # Python 3.12 on tokenizes an f-string in parts: FSTRING_START
        if token.type == _FSTRING_START or \
                token.type == tokenize.STRING and _F_STRING.match(token.string):
            raise MinifyError("%s:%d: an f-string: its names cannot be renamed on this Python; "
                              "use %% formatting" % (path, token.start[0]))
    return tokens


def defined_names(tree: ast.AST) -> set[str]:
    """Names ``tree`` defines: functions, classes, parameters, assigned names and attributes."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        if isinstance(node, ast.arguments):
            every = node.posonlyargs + node.args + node.kwonlyargs
            every += [arg for arg in (node.vararg, node.kwarg) if arg is not None]
            names.update(arg.arg for arg in every)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def used_names(tree: ast.AST) -> set[str]:
    """Every identifier ``tree`` mentions (for the stubs and libraries: their API)."""
    names = defined_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.update(node.name.split("."))
            if node.asname:
                names.add(node.asname)
    return names


def python_names() -> set[str]:
    """Python's own names: builtins, keywords, the builtin types' methods, ``_STATIC``."""
    names = set(dir(builtins)) | set(keyword.kwlist) | set(_STATIC)
    for kind in _BUILTIN_TYPES:
        names.update(dir(kind))
    return names


def _read_names(path: Path) -> list[str]:
    """The names of a file of one name a line, ``#`` starting a comment, in its order."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return [line for line in lines if line]


def read_keep(path: Path = KEEP_FILE) -> set[str]:
    """The names of ``sim/minify_keep.txt``."""
    return set(_read_names(path))


def read_free(path: Path = FREE_FILE) -> list[str]:
    """The names of ``sim/minify_free.txt``, in its order."""
    return _read_names(path)


def free_names() -> list[str]:
    """The names both MicroPython ports hold in their firmware's table (sim/mp/static_names.py)
    that the build may give to the game's own: not a keyword, a ``_PROTOCOL`` name, one that
    starts with "_" or a capital, or ``_GATED``. The content of ``sim/minify_free.txt``; needs
    both ports."""
    from sim import mpruntime  # desktop tooling: only --update-free and its test run the ports

    wasm = set(mpruntime.run_wasm(STATIC_SCRIPT, paths={}).split())
    unix = set(mpruntime.run_unix(STATIC_SCRIPT).split())
    unwanted = set(keyword.kwlist) | set(_PROTOCOL) | set(_GATED)
    return sorted(name for name in wasm & unix if name.isidentifier() and
                  name[0].islower() and name not in unwanted)


def write_free(names: list[str], path: Path = FREE_FILE) -> None:
    """Write ``sim/minify_free.txt``."""
    header = ("# Names both MicroPython ports hold in their firmware's table of names: a module\n"
              "# that uses one interns nothing. sim/minify.py gives them to the engine's own\n"
              "# names first, where no board code or harness uses them. Made by\n"
              "# `python -m sim.minify --update-free`; tests/test_minify.py checks it is\n"
              "# current.\n")
    path.write_text(header + "".join(name + "\n" for name in names))


class BoardScan:
    """What the board's code defines, mentions and spells out as strings, once its constants
    are folded (``constants``, sim/const_fold.py); and the functions and methods nothing on
    the board calls (``unused``: ``name`` or ``Class.name``). ``keep`` (default
    ``sim/minify_keep.txt``) names the outside APIs whose methods the runtime may call."""

    def __init__(self, root: Path, keep: set[str] | None = None) -> None:
        self.defined: set[str] = set()
        self.core: set[str] = set()  # defined in a module every match loads (CORE_MODULES)
        self.consts: set[str] = set()  # bound by NAME = const(...): a private one stays private
        self.tokens: set[str] = set()  # every identifier token: a new name must be none of them
        self.harness_tokens: set[str] = set()  # the same in the scripts of HARNESS
        self.unused: dict[str, set[str]] = {}  # board file -> what only the desktop calls
        self.literals: set[str] = set()
        self.keywords: set[str] = set()  # every name a call passes by keyword, scripts' too
        self.verbatim: set[str] = set()
        self.modules = {"engine", "bots", "lib"}
        texts = {}
        sources = []
        for path in board_sources(root):
            if path.as_posix() == KINDS:
                continue  # no build holds it (board_kinds)
            text = (root / path).read_text(encoding="utf-8")
            if path.as_posix() not in VERBATIM:
                # as the build has them: no slots (their strings are names, not literals)
                # and bytes for the buffer kinds
                text = for_board(text, path)
            texts[path] = text
            tree = ast.parse(text, str(path))
            self.modules.add(path.stem)
            if path.as_posix() in VERBATIM:
                self.verbatim |= {t.string for t in _tokens(text, path)
                                  if t.type == tokenize.NAME}
            else:
                sources.append((const_fold.module_name(path), tree))
            self.literals |= {node.value for node in ast.walk(tree)
                              if isinstance(node, ast.Constant) and isinstance(node.value, str)
                              and node.value.isidentifier()}
        self.constants = const_fold.Constants(sources, self.literals | self.verbatim)
        counts: Counter[str] = Counter()
        trees = {}
        for path, text in texts.items():
            if path.as_posix() not in VERBATIM:  # as the build folds them (Renaming._build)
                text = const_fold.fold_private(self.constants.fold(text, path), path)
            trees[path] = ast.parse(text, str(path))
            self.consts.update(found[0] for found in map(const_fold.const_assignment,
                                                         trees[path].body) if found)
            self.defined |= defined_names(trees[path])
            if path.as_posix() in CORE_MODULES:
                self.core |= defined_names(trees[path])
            names = [t.string for t in _tokens(text, path) if t.type == tokenize.NAME]
            self.tokens.update(names)
            self.keywords |= _keywords(trees[path])
            counts.update(names)
        for path in harness_sources(root):
            text = path.read_text(encoding="utf-8")
            self.keywords |= _keywords(_parse(text, path))
            names = [t.string for t in _tokens(text, path) if t.type == tokenize.NAME]
            self.harness_tokens.update(names)
            counts.update(names)
        # A method by an outside name may be the runtime's to call (a stream's ``write``)
        outside = python_names() | (read_keep() if keep is None else keep)
        for path, tree in trees.items():
            unused = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)
                      and self._only_defined(node, counts)}
            for node in tree.body:
                if isinstance(node, ast.ClassDef):
                    methods = {item.name for item in node.body
                               if isinstance(item, ast.FunctionDef) and item.name not in outside
                               and self._only_defined(item, counts)}
                    if len(methods) < len(node.body):  # the class keeps a body
                        unused |= {"%s.%s" % (node.name, name) for name in methods}
            unused |= DESKTOP_METHODS.get(path.as_posix(), set())
            if unused and path.as_posix() not in VERBATIM:
                self.unused[path.as_posix()] = unused

    def _only_defined(self, node: ast.FunctionDef, counts: Counter) -> bool:
        """Whether the board's code and its scripts never mention the function or method
        ``node`` defines: its own ``def`` is the name's one mention, it has no decorator, and
        no string spells it (``getattr``)."""
        return not node.decorator_list and counts[node.name] == 1 \
            and node.name not in self.literals and not node.name.startswith("__")

    def left_out(self) -> set[str]:
        """The names of the functions and methods in ``unused``."""
        return {name.rpartition(".")[2] for names in self.unused.values() for name in names}


def _keywords(tree: ast.AST) -> set[str]:
    return {node.arg for node in ast.walk(tree) if isinstance(node, ast.keyword) and node.arg}


def _short_names():
    for first in _FIRST:
        yield first
    for first in _FIRST:
        for second in _NEXT:
            yield first + second
    for first in _FIRST:
        for second in _NEXT:
            for third in _NEXT:
                yield first + second + third


class Renaming:
    """What a ``.mpy`` build does to the board's code under ``root``: its constants folded
    (sim/const_fold.py), then its names shortened (``mapping``). ``keep`` defaults to
    ``sim/minify_keep.txt``, ``free`` to ``sim/minify_free.txt``."""

    def __init__(self, root: Path = ROOT, keep: set[str] | None = None,
                 free: list[str] | None = None) -> None:
        keep = read_keep() if keep is None else keep
        scan = BoardScan(root, keep)
        self.root = root
        self.constants = scan.constants
        self.unused = scan.unused
        self.free = read_free() if free is None else free
        self.mapping = _shorten(scan, keep, self.free)
        self.keywords = {self.mapping.get(name, name) for name in scan.keywords}
        self._built: dict[tuple, str] = {}

    def apply(self, text: str, path="<source>", py_build: bool = False,
              apart: bool = False) -> str:
        """``text`` (a module of the board's code at ``path``, relative to the root, or a
        script that drives it) as built: its constants folded, its names shortened, and
        the engine's core imported from ``engine/__init__.py``, which holds it (``bundled``);
        for a ``.py`` build (``py_build``) instead, for the board's compiler: its locals
        renamed to letters, its docstrings dropped, the core's modules apart. ``apart``
        keeps them apart too, for a script that drives a ``.py`` build."""
        key = (text, str(path), py_build, apart)
        if key not in self._built:  # a deploy, the budget and the tests build files again
            self._built[key] = self._build(text, path, py_build, apart)
        return self._built[key]

    def left_out(self, path, py_build: bool = False) -> bool:
        """Whether the build writes no file of its own for ``path``: engine/kinds.py, whose
        calls it writes as bytes (``board_kinds``), or, in a ``.mpy`` build (not
        ``py_build``), a module of the engine's core, which it holds in
        ``engine/__init__.py`` (sim/bundle.py)."""
        path = Path(path).as_posix()
        return path == KINDS or not py_build and bundle.is_member(path)

    def _build(self, text: str, path, py_build: bool, apart: bool) -> str:
        text = self.constants.fold(for_board(text, path), path)
        text = strip_functions(text, self.unused.get(Path(path).as_posix(), ()), path)
        text = const_fold.drop_unused_const(const_fold.fold_private(text, path), path)
        text = rename(text, self.mapping, path)
        if py_build:
            return strip_docstrings(rename_locals(text, path), path)
        # .mpy only: a .py build measured 1.7 KB more UI code with it (thirty-fifth session)
        text = rename_parameters(text, self.keywords, self.free, path)
        if apart:
            return text
        if Path(path).as_posix() == bundle.INIT:
            members = {name: self.root / bundle.member_path(name) for name in bundle.MEMBERS}
            return bundle.bundle(text, {name: self.apply(
                source.read_text(encoding="utf-8"), bundle.member_path(name))
                for name, source in members.items() if source.is_file()})
        return text if bundle.is_member(path) else bundle.rewrite_imports(text, path)


_RENAMINGS: dict[str, tuple[str, Renaming]] = {}  # root -> (its sources' digest, Renaming)


def renaming(root: Path = ROOT) -> Renaming:
    """The ``Renaming`` of the board's code under ``root`` (with the keep file), made once a
    process for the same sources: a deploy, the benchmarks and the tests build the tree again
    and again, and scanning it takes a second or two."""
    digest = hashlib.sha1()
    for path in [root / name for name in board_sources(root)] + harness_sources(root) + \
            [KEEP_FILE, FREE_FILE]:
        digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    cached = _RENAMINGS.get(str(root))
    if cached is None or cached[0] != digest.hexdigest():
        cached = _RENAMINGS[str(root)] = (digest.hexdigest(), Renaming(root))
    return cached[1]


def make_mapping(root: Path = ROOT, keep: set[str] | None = None) -> dict[str, str]:
    """{name: short name} for every name the board's code under ``root`` may have renamed;
    the same code gives the same mapping. ``keep`` defaults to ``sim/minify_keep.txt``."""
    return Renaming(root, keep).mapping


def _shorten(scan: BoardScan, keep: set[str], free: list[str]) -> dict[str, str]:
    outside = scan.modules | scan.literals | scan.verbatim | keep
    kept = python_names() | outside
    used = scan.tokens | scan.harness_tokens | outside  # the scripts are renamed alike
    taken = used | kept
    renamed = sorted((name for name in scan.defined
                      if name not in kept and not name.startswith("__")),
                     key=lambda name: (name not in scan.core, -len(name), name))
    # The firmware's own names cost nothing: the engine's core takes them first. One no code
    # uses is safe for any of the game's names (a module's global one shadows nothing it reads;
    # free_names leaves out those the runtime reads by name); a private name loses its "_",
    # which only mpy-cross's const() reads: not for a const() name.
    given = iter([name for name in free if name not in used])
    fresh = (name for name in _short_names() if name not in taken and "_" + name not in taken)
    unfree = scan.consts | scan.left_out()  # and the functions the build leaves out
    mapping = {}
    for name in renamed:
        short = None if name in unfree else next(given, None)
        if short is not None:
            mapping[name] = short
            continue
        private = name.startswith("_")
        short = next(fresh)
        if len(short) + private >= len(name):
            continue  # no shorter: keep it (the longest names took the shortest)
        mapping[name] = "_" + short if private else short
    return mapping


def rename(text: str, mapping: dict[str, str], path="<source>") -> str:
    """``text`` with every name token in ``mapping`` replaced; lines, strings and comments
    as they were."""
    lines = text.splitlines(keepends=True)
    for token in reversed(_tokens(text, path)):  # right to left: columns stay valid
        if token.type == tokenize.NAME and token.string in mapping:
            row, col = token.start
            line = lines[row - 1]
            lines[row - 1] = line[:col] + mapping[token.string] + line[token.end[1]:]
    return "".join(lines)


def strip_slots(text: str, path="<source>") -> str:
    """``text`` without the ``__slots__ = ...`` statements of its classes (a body left empty
    gets ``pass``); every other line as it was.

    CPython keeps an instance's attributes at fixed offsets when its class names them in
    ``__slots__`` (engine/state.py's State and engine/rules.py's Rules, read on every play);
    MicroPython and CircuitPython ignore ``__slots__`` but would build the tuple, and its
    strings would keep every attribute's long name (``BoardScan``'s literals).
    """
    cuts = []
    for node in ast.walk(_parse(text, path)):
        if not isinstance(node, ast.ClassDef):
            continue
        for statement in node.body:
            if isinstance(statement, ast.Assign) and any(
                    isinstance(target, ast.Name) and target.id == "__slots__"
                    for target in statement.targets):
                cuts.append((statement.lineno, statement.end_lineno, len(node.body) == 1,
                             statement.col_offset))
    return _cut(text, cuts)


def for_board(text: str, path="<source>") -> str:
    """``text`` without what only CPython uses: its classes' ``__slots__`` (``strip_slots``)
    and engine/kinds.py's lists (``board_kinds``). Every build starts with it, names as
    written (``make romfs``) or shortened."""
    return board_kinds(strip_slots(text, path), path)


def board_kinds(text: str, path="<source>") -> str:
    """``text`` with engine/kinds.py's choices made as on a board: ``byte_table(x)`` becomes
    ``(x)``, ``byte_buffer(n)`` ``bytearray(n)``, and the import of them goes.

    CPython plays faster with lists and tuples, a board holds a quarter of the RAM with bytes;
    built this way, the board's code is what the engine would be written with bytes alone: it
    holds neither the module nor a call. Raises MinifyError where one of those names is used
    other than called."""
    tree = _parse(text, path)
    imports = [(node, "") for node in tree.body
               if isinstance(node, ast.ImportFrom) and node.module == "engine.kinds"]
    for node in ast.walk(tree):
        modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
            ["%s.%s" % (node.module, alias.name) for alias in node.names] \
            if isinstance(node, ast.ImportFrom) else []
        if "engine.kinds" in modules:
            raise MinifyError("%s:%d: engine.kinds imported as a module: import byte_table and "
                              "byte_buffer from it by name, at the top" % (path, node.lineno))
    if not imports:
        return text
    text = const_fold.apply_edits(text, imports)
    tokens = _tokens(text, path)
    for before, token, after in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if token.type == tokenize.NAME and token.string in _BOARD_KINDS and (
                after.string != "(" or before.string == "."):
            raise MinifyError("%s:%d: %s is used other than called by the name imported: a "
                              "board's build writes bytes in place of its calls"
                              % (path, token.start[0], token.string))
    return rename(text, _BOARD_KINDS, path)


def strip_functions(text: str, names, path="<source>") -> str:
    """``text`` without its module-level functions and its classes' methods called ``names``
    (``name``, ``Class.name``); lines where they were.

    The board's build leaves out the helpers only the desktop calls (``BoardScan.unused``:
    engine/cards.py's ``card_value``, ``make_card``... which the tests and the house style's
    API keep, and OpenSpiel's ``State.is_terminal``, which the game reads as ``phase``): each
    would hold its function object and bytecode on the heap for nothing.
    """
    if not names:
        return text
    gone = []
    for node in _parse(text, path).body:
        if isinstance(node, ast.FunctionDef) and node.name in names:
            gone.append((node, ""))
        elif isinstance(node, ast.ClassDef):
            gone += [(item, "") for item in node.body if isinstance(item, ast.FunctionDef)
                     and "%s.%s" % (node.name, item.name) in names]
    return const_fold.apply_edits(text, gone)


_CLOSURES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def rename_parameters(text: str, keywords, names, path="<source>") -> str:
    """``text`` with each function's positional parameters renamed to ``names`` (the
    firmware's own, ``sim/minify_free.txt``) that the function does not mention, in order.

    Each parameter's name is one of the function's constants: the board interns it as the
    module loads, for calls that pass it by keyword. A parameter that no call passes by
    keyword (``keywords``: every keyword of the board's code and its scripts) may take any
    name its function does not read, and the firmware's cost nothing. ``self`` keeps its
    name (the firmware holds it), and so do the parameters of a function that holds
    another function, a lambda or a class (a closure may read them), and one that a
    comprehension binds as well.
    """
    edits = []
    for function in ast.walk(_parse(text, path)):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        body = [node for statement in function.body for node in ast.walk(statement)]
        if any(isinstance(node, _CLOSURES) for node in body):
            continue
        bound = {name.id for node in body if isinstance(node, ast.comprehension)
                 for name in ast.walk(node.target) if isinstance(name, ast.Name)}
        bound |= {name for node in body if isinstance(node, (ast.Global, ast.Nonlocal))
                  for name in node.names}
        parameters = function.args.posonlyargs + function.args.args
        used = {node.id for node in body if isinstance(node, ast.Name)}
        used |= {node.attr for node in body if isinstance(node, ast.Attribute)}
        used |= {a.arg for a in ast.walk(function.args) if isinstance(a, ast.arg)}
        choices = (name for name in names if name not in used)
        for parameter in parameters:
            old = parameter.arg
            if old == "self" or old in keywords or old in bound:
                continue
            new = next(choices, None)
            if new is None:
                break
            edits.append((parameter, new))
            edits += [(node, new) for node in body
                      if isinstance(node, ast.Name) and node.id == old]
    return const_fold.apply_edits(text, edits)


def _parse(text: str, path) -> ast.Module:
    try:
        return ast.parse(text, str(path))
    except SyntaxError as error:
        raise MinifyError("%s does not parse: %s" % (path, error)) from None


def _cut(text: str, cuts) -> str:
    """``text`` without the lines of each cut (first row, last row, whether it was its body's
    only statement, its column): a body left empty gets ``pass``."""
    lines = text.splitlines(keepends=True)
    for start, end, alone, column in sorted(cuts, reverse=True):  # bottom up: rows stay valid
        lines[start - 1:end] = [" " * column + "pass\n"] if alone else []
    return "".join(lines)


def strip_docstrings(text: str, path="<source>") -> str:
    """``text`` without the docstrings of its module, classes and functions (a body left
    empty gets ``pass``); every other line as it was.

    A board compiling a ``.py`` file drops a function's docstring but keeps a module's and a
    class's as ``__doc__`` where the port has doc strings on (the WebAssembly port that
    measures the budget; CircuitPython has them off), and parses them all: a ``.py`` build
    carries none, so it holds on every port what a board holds.
    """
    lines = text.splitlines(keepends=True)
    cuts = []
    for node in ast.walk(_parse(text, path)):
        body = getattr(node, "body", None)
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef)) or not body:
            continue
        first = body[0]
        if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)):
            continue
        before = lines[first.lineno - 1][:first.col_offset]
        after = lines[first.end_lineno - 1][first.end_col_offset:]
        if before.strip() or after.strip():
            continue  # on a line with other code (a one-line def): left as it is
        cuts.append((first.lineno, first.end_lineno, len(body) == 1, first.col_offset))
    return _cut(text, cuts)


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
           ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _bound_in(scope: ast.AST) -> tuple[set[str], set[str]]:
    """(names ``scope``'s own body binds by plain assignment, names it binds any other way:
    parameters, imports, ``def``, ``class``, ``except ... as``, ``global``), not looking
    into nested scopes."""
    plain, other = set(), set()
    arguments = getattr(scope, "args", None)
    if isinstance(arguments, ast.arguments):
        other |= {a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs}
        other |= {a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None}
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            plain.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            other.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            other |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.ExceptHandler) and node.name:
            other.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            other |= set(node.names)
        if not isinstance(node, _SCOPES):
            stack.extend(ast.iter_child_nodes(node))
    return plain, other


def rename_locals(text: str, path="<source>") -> str:
    """``text`` with each function's local variables renamed to single letters, the same
    letters in every function.

    A ``.mpy`` file keeps no local variable's name, but a board compiling a ``.py`` file
    interns every name its lexer meets, locals too; the letters are names the board holds
    anyway (the shortest the renaming gives out, 52 in all). Parameters keep their names (a
    call may name them); a local that a nested scope binds too, or that the function binds
    another way than by assignment, keeps its name, and so do the locals of a function
    inside a function; a letter the function already uses anywhere is not given out in it.
    A comprehension's loop names are renamed alike.
    """
    tree = ast.parse(text, str(path))
    functions = []  # the functions and methods that no function holds
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.append(node)  # a function inside it keeps its locals' names
        else:
            stack.extend(ast.iter_child_nodes(node))
    edits = []
    for function in functions:
        plain, other = _bound_in(function)
        inner = set()
        for node in ast.walk(function):
            if node is not function and isinstance(node, _SCOPES):
                inner |= set().union(*_bound_in(node))
        candidates = sorted(name for name in plain - other - inner
                            if len(name) > 1 and not name.startswith("__"))
        used = {node.id for node in ast.walk(function) if isinstance(node, ast.Name)}
        used |= {a.arg for a in ast.walk(function) if isinstance(a, ast.arg)}
        used |= {node.attr for node in ast.walk(function) if isinstance(node, ast.Attribute)}
        letters = (letter for letter in _FIRST if letter not in used)
        mapping = dict(zip(candidates, letters, strict=False))  # as many as there are letters
        for statement in function.body:  # not the defaults: they are read outside
            for node in ast.walk(statement):
                if isinstance(node, ast.Name) and node.id in mapping:
                    edits.append((node, mapping[node.id]))
    return _rename_loop_names(const_fold.apply_edits(text, edits), path)


def _rename_loop_names(text: str, path) -> str:
    """``text`` with the loop names of each comprehension that holds no scope of its own
    renamed to letters it does not use (a comprehension is a scope: its names are locals)."""
    tree = ast.parse(text, str(path))
    edits = []
    for loop in ast.walk(tree):
        if not isinstance(loop, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) \
                or any(node is not loop and isinstance(node, _SCOPES) for node in ast.walk(loop)):
            continue
        names = sorted({node.id for generator in loop.generators
                        for node in ast.walk(generator.target) if isinstance(node, ast.Name)
                        and len(node.id) > 1})
        used = {node.id for node in ast.walk(loop) if isinstance(node, ast.Name)}
        used |= {node.attr for node in ast.walk(loop) if isinstance(node, ast.Attribute)}
        mapping = dict(zip(names, (letter for letter in _FIRST if letter not in used),
                           strict=False))
        outside = {id(node) for node in ast.walk(loop.generators[0].iter)}  # read outside
        edits += [(node, mapping[node.id]) for node in ast.walk(loop)
                  if isinstance(node, ast.Name) and node.id in mapping and id(node) not in outside]
    return const_fold.apply_edits(text, edits)


def write_tree(dest: Path, renaming: Renaming, root: Path = ROOT,
               py_build: bool = False) -> list[Path]:
    """Write the board's sources under ``root``, as ``renaming`` builds them (for a ``.py``
    build with ``py_build``), into ``dest`` (same layout); returns the relative paths
    written."""
    written = []
    for path in board_sources(root):
        text = (root / path).read_text(encoding="utf-8")
        if renaming.left_out(path, py_build):
            continue
        target = dest / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.as_posix() not in VERBATIM:
            text = renaming.apply(text, path, py_build)
        target.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def write_root(dest: Path, extra=(), root: Path = ROOT, py_build: bool = False) -> dict[str, str]:
    """The board's code under ``dest`` as a ``.mpy`` build renames it (``write_tree``; as a
    ``.py`` build does with ``py_build``), and the ``.py`` files of the folders ``extra``
    (relative to ``root``, e.g. ``"sim/mp"``) built alike, in the same layout, so the scripts
    that drive the board's code in the budget, the benchmarks and the tests reach it by its
    new names; returns the mapping."""
    built = renaming(root)
    write_tree(dest, built, root, py_build)
    for folder in extra:
        write_folder(dest, folder, functools.partial(built.apply, apart=py_build), root)
    return built.mapping


def write_folder(dest: Path, folder: str, build, root: Path = ROOT) -> None:
    """The ``.py`` files of ``folder`` (relative to ``root``) under ``dest``, in the same
    layout, each as ``build(text, path)`` makes it."""
    for path in sorted((root / folder).rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        target = dest / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(build(path.read_text(encoding="utf-8"), path), encoding="utf-8")


def stub_names(dirs=STUB_DIRS) -> set[str]:
    """Every identifier the stubs and libraries under ``dirs`` use; raises MinifyError when
    they are not installed."""
    missing = [str(d) for d in dirs if not d.is_dir()]
    if missing:
        raise MinifyError("stubs not installed (%s): run `make typecheck`" % ", ".join(missing))
    names = set()
    for folder in dirs:
        for path in sorted(folder.rglob("*.py*")):
            if path.suffix in (".py", ".pyi") and "__pycache__" not in path.parts:
                try:
                    names |= used_names(ast.parse(path.read_text(errors="replace")))
                except SyntaxError:
                    continue  # a stub for another Python's grammar: its names are elsewhere too
    return names


def keep_from_stubs(root: Path = ROOT, dirs=STUB_DIRS) -> list[str]:
    """The names the board's code defines that the boards' APIs use too: the content of
    ``sim/minify_keep.txt``, sorted."""
    scan = BoardScan(root)
    outside = stub_names(dirs) - python_names()
    return sorted(name for name in scan.defined
                  if name in outside and not name.startswith("__"))


def write_keep(names: list[str], path: Path = KEEP_FILE) -> None:
    """Write ``sim/minify_keep.txt``."""
    header = ("# Names the board's code defines that the boards' APIs (CircuitPython and\n"
              "# MicroPython stubs, the Adafruit libraries) use too: sim/minify.py never renames\n"
              "# them. Made by `python -m sim.minify --update-keep`; tests/test_minify.py checks\n"
              "# it is current.\n")
    path.write_text(header + "".join(name + "\n" for name in names))


def main(argv=None) -> int:
    parser = CommandParser(prog="python -m sim.minify",
                           description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", action="store_true",
                        help="print `short name` lines, to read a board's traceback")
    parser.add_argument("--update-keep", action="store_true",
                        help="rewrite sim/minify_keep.txt from the installed stubs")
    parser.add_argument("--update-free", action="store_true",
                        help="rewrite sim/minify_free.txt from both MicroPython ports")
    args = parser.parse_args(argv)
    try:
        if args.update_keep:
            names = keep_from_stubs()
            write_keep(names)
            print("wrote %d names to %s" % (len(names), KEEP_FILE))
        if args.update_free:
            names = free_names()
            write_free(names)
            print("wrote %d names to %s" % (len(names), FREE_FILE))
        mapping = make_mapping()
    except MinifyError as error:
        print("minify: %s" % error, file=sys.stderr)
        return 2
    if args.map:
        try:
            for name, short in sorted(mapping.items(), key=lambda item: item[1]):
                print(short, name)
            sys.stdout.flush()
        except BrokenPipeError:  # `--map | grep -m1 ...`
            reader_gone()
    else:
        free = set(read_free())
        given = sum(short in free for short in mapping.values())
        print("%d names renamed, %d of them to names the firmware holds" % (len(mapping), given))
    return 0


if __name__ == "__main__":
    sys.exit(main())
