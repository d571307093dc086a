"""Type-check the board-side code against what the boards really have, before anything is flashed.

``python -m sim.typecheck`` runs pyright twice, in parallel:

* **CircuitPython**: ``code.py``, ``boot.py``, ``lib/`` and ``engine/`` against CircuitPython 10's
  stubs (``circuitpython-stubs``) with CircuitPython's standard modules as the typeshed
  (``circuitpython-typeshed``) and the Adafruit libraries the game imports. Each driver module
  is checked against the pins of the boards it serves (``board_definitions/<board_id>`` of
  circuitpython-stubs; for a driver serving several boards, only the pins they all have), and
  ``boot.py`` against the pins of any supported board. The other files see a ``board`` with
  no pins at all.
* **MicroPython**: ``engine/`` against MicroPython 1.29's rp2 port and standard library.

No site-packages is visible to either run: a module the board lacks is a missing import even
when the desktop has it (Blinka's ``board``, pygame). So ``micropython.heap_lock()`` is an error
on CircuitPython, ``time.monotonic_ns()`` on MicroPython, ``board.GP18`` anywhere but in the
Pico's driver, ``displayio.Group(max_size=8)`` on CircuitPython 9 and 10.

pyright's ``standard`` mode is used, with ``reportMissingImports`` and every other rule that
reports a missing or misused API as errors. Left out: the ``reportOptional*`` rules and a few
diagnostics ``triage`` accepts with a reason (below), because the board code is untyped Python
whose ``None``-until-first-use attributes and try/except ImportError fallbacks pyright cannot
follow: they say nothing about the boards' APIs, and CPython tests cover that code.

``python -m sim.typecheck --install`` installs the checker and the stubs, pinned in
``requirements-typecheck.txt``, into ``.venv/typecheck/`` (``make typecheck`` does it once).
``make test`` runs the check through ``tests/test_typecheck.py``.

Desktop only.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from sim import CommandParser

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "requirements-typecheck.txt"
TC = ROOT / ".venv" / "typecheck"  # the stubs, the generated board stubs and configs
CP_STUBS = TC / "circuitpython-stubs"
GENERIC_BOARD = TC / "circuitpython-stubs-board"  # the pin-less ``board``, moved out of CP_STUBS

CIRCUITPYTHON = "circuitpython"
MICROPYTHON = "micropython"
CHECKS = (CIRCUITPYTHON, MICROPYTHON)

# What each check covers (paths relative to the repository).
FILES = {
    CIRCUITPYTHON: ("code.py", "boot.py", "lib", "engine"),
    MICROPYTHON: ("engine",),
}

# Rules that stay errors whatever the mode says (they are how a missing API shows).
RULES = {
    "reportMissingImports": "error",
    "reportMissingModuleSource": "none",  # stub-only packages are the point
    "reportAttributeAccessIssue": "error",
    "reportCallIssue": "error",
    "reportArgumentType": "error",
    "reportAssignmentType": "error",
    "reportIndexIssue": "error",
    "reportOperatorIssue": "error",
    "reportUndefinedVariable": "error",
    "reportOptionalMemberAccess": "none",
    "reportOptionalSubscript": "none",
    "reportOptionalIterable": "none",
    "reportOptionalCall": "none",
    "reportOptionalOperand": "none",
    "reportOptionalContextManager": "none",
}


# -- installing -------------------------------------------------------------------------------


def sections(text: str) -> dict[str, list[str]]:
    """The requirement lines of each ``[section]`` of requirements-typecheck.txt."""
    result: dict[str, list[str]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1]
            result[current] = []
        elif current is None:
            raise ValueError("%s: %r comes before any [section]" % (REQUIREMENTS.name, line))
        else:
            result[current].append(line)
    return result


def install_commands(python: str = sys.executable) -> list[list[str]]:
    """The pip commands that install the checker into the venv and each stub set into
    ``.venv/typecheck/<section>``."""
    commands = []
    for name, lines in sections(REQUIREMENTS.read_text(encoding="utf-8")).items():
        pip = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        if name == "venv":
            commands.append(pip + lines)
        else:
            commands.append(pip + ["--no-deps", "--upgrade", "--target", str(TC / name)] + lines)
    return commands


def install() -> None:
    """Install what the check needs (``make typecheck`` runs it when the pins change)."""
    import shutil

    shutil.rmtree(TC, ignore_errors=True)
    for command in install_commands():
        subprocess.run(command, check=True)
    prepare()


# -- board stubs and configs ------------------------------------------------------------------


def _entries(path: Path) -> tuple[list[str], dict[str, str]]:
    """The import lines and the named top-level definitions (pins, DISPLAY, I2C()...) of a
    board stub."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    imports: list[str] = []
    entries: dict[str, str] = {}
    for node in tree.body:
        segment = ast.get_source_segment(text, node) or ""
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imports.append(segment)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            entries[node.target.id] = segment
        elif isinstance(node, ast.FunctionDef):
            entries[node.name] = segment
    return imports, entries


def board_stub(board_ids, union: bool = False) -> str:
    """A ``board`` stub with the names that all of ``board_ids`` have (or any, if ``union``)."""
    imports: list[str] = []
    merged: dict[str, str] = {}
    common = None
    for board_id in board_ids:
        path = CP_STUBS / "board_definitions" / board_id / "__init__.pyi"
        if not path.exists():
            raise FileNotFoundError("no pins for board %r in %s" % (board_id, path.parent.parent))
        board_imports, entries = _entries(path)
        imports.extend(line for line in board_imports if line not in imports)
        for name, segment in entries.items():
            merged.setdefault(name, segment)
        common = set(entries) if common is None else common & set(entries)
    names = [name for name in merged if union or name in (common or ())]
    header = '"""board for %s (generated by sim/typecheck.py)."""\n\n' % ", ".join(board_ids)
    return header + "\n".join(imports) + "\n\n" + "\n".join(merged[n] for n in names) + "\n"


def _write(path: Path, text: str) -> None:
    """Write ``text`` atomically (two test workers may prepare at once)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name("%s.%d.tmp" % (path.name, os.getpid()))
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def board_environments() -> dict[str, tuple]:
    """Repository file -> the board ids whose pins it is checked against (from
    lib/hardware.py's table); lib/sound.py gets the pins the boards with a speaker all have
    (lib/boards.py ``speaker``), ``boot.py`` every supported board's."""
    import boards
    import hardware  # lib/ is on sys.path (sim/__init__.py)

    served: dict[str, list] = {}
    for board_id, profile, driver in hardware._BOARDS:
        served.setdefault("lib/%s.py" % driver, []).append(board_id)
        if profile and boards.profile(profile).speaker:
            served.setdefault("lib/sound.py", []).append(board_id)
    environments = {path: tuple(ids) for path, ids in served.items()}
    environments["boot.py"] = hardware.BOARD_IDS
    return environments


def _relative(path: Path) -> str:
    return os.path.relpath(path, TC)


def prepare() -> dict[str, Path]:
    """Write the board stubs and the pyright configs into ``.venv/typecheck``; returns the
    config path of each check. Raises FileNotFoundError when the stubs are not installed."""
    for needed in (TC / CIRCUITPYTHON, TC / MICROPYTHON, TC / "circuitpython-stubs"):
        if not needed.is_dir():
            raise FileNotFoundError("%s is missing: run `make typecheck` (or python -m "
                                    "sim.typecheck --install) first" % needed)
    # The generic ``board`` must not sit in the stub path, which pyright searches before the
    # extra paths that give each driver its board's pins.
    # Nor in the typeshed (circuitpython-typeshed has one), searched before them too.
    for source, target in ((CP_STUBS / "board-stubs", GENERIC_BOARD),
                           (TC / CIRCUITPYTHON / "stdlib" / "board", TC / "typeshed-board")):
        try:
            os.replace(source, target)
        except FileNotFoundError:
            pass  # moved already
    boards_dir = TC / "boards"
    _write(boards_dir / "generic" / "board" / "__init__.pyi",
           (GENERIC_BOARD / "__init__.pyi").read_text(encoding="utf-8"))
    novenv = TC / "novenv" / "lib" / "python3.11" / "site-packages"
    novenv.mkdir(parents=True, exist_ok=True)  # an empty environment: no desktop packages

    common = {
        "typeCheckingMode": "standard",
        "pythonVersion": "3.11",
        "pythonPlatform": "Linux",
        "venvPath": ".",
        "venv": "novenv",
        "useLibraryCodeForTypes": True,
    }
    common.update(RULES)
    extra = [_relative(ROOT), _relative(ROOT / "lib"), CIRCUITPYTHON]
    environments = []
    for file, board_ids in sorted(board_environments().items()):
        name = file.replace("/", "_").replace(".py", "")
        union = file == "boot.py"
        _write(boards_dir / name / "board" / "__init__.pyi", board_stub(board_ids, union))
        environments.append({"root": _relative(ROOT / file),
                             "extraPaths": ["boards/%s" % name] + extra})
    configs = {
        CIRCUITPYTHON: dict(common, **{
            "include": [_relative(ROOT / f) for f in FILES[CIRCUITPYTHON]],
            "typeshedPath": CIRCUITPYTHON,
            "stubPath": "circuitpython-stubs",
            "extraPaths": ["boards/generic"] + extra,
            "executionEnvironments": environments,
        }),
        MICROPYTHON: dict(common, **{
            "include": [_relative(ROOT / f) for f in FILES[MICROPYTHON]],
            "typeshedPath": MICROPYTHON,
            "stubPath": MICROPYTHON,
            "extraPaths": [_relative(ROOT)],
        }),
    }
    paths = {}
    for check, config in configs.items():
        paths[check] = TC / ("pyright-%s.json" % check)
        _write(paths[check], json.dumps(config, indent=2) + "\n")
    return paths


# -- running and triage -----------------------------------------------------------------------


@dataclass
class Diagnostic:
    """One pyright diagnostic; ``file`` is relative to the repository when inside it."""

    check: str
    file: str
    line: int
    rule: str
    severity: str
    message: str

    def __str__(self) -> str:
        return "%s:%d: %s [%s, %s]" % (self.file, self.line, self.message.replace("\n", " | "),
                                      self.rule, self.check)


def pyright_command(config: Path, files=()) -> list[str]:
    return [sys.executable, "-m", "pyright", "--outputjson", "-p", str(config)] + [
        str(f) for f in files]


def start(config: Path, files=()) -> subprocess.Popen:
    """Start pyright on ``config`` (and only ``files`` when given)."""
    env = dict(os.environ, PYRIGHT_PYTHON_IGNORE_WARNINGS="1")  # no query for a newer version
    return subprocess.Popen(pyright_command(config, files), cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def collect(check: str, process: subprocess.Popen) -> list[Diagnostic]:
    """The diagnostics of a pyright run started by ``start``."""
    out, err = process.communicate()
    try:
        report = json.loads(out)
    except json.JSONDecodeError:
        raise RuntimeError("pyright failed (exit %s): %s %s" % (process.returncode, out[-2000:],
                                                                err[-2000:])) from None
    result = []
    for item in report.get("generalDiagnostics", ()):
        path = Path(item.get("file", ""))
        try:
            name = path.relative_to(ROOT).as_posix()
        except ValueError:
            name = str(path)
        result.append(Diagnostic(check, name, item["range"]["start"]["line"] + 1,
                                 item.get("rule", ""), item.get("severity", "error"),
                                 item.get("message", "")))
    return result


def run(checks=CHECKS, files=()) -> list[Diagnostic]:
    """Prepare, run ``checks`` in parallel and return every diagnostic."""
    configs = prepare()
    processes = [(check, start(configs[check], files)) for check in checks]
    result = []
    for check, process in processes:
        result.extend(collect(check, process))
    return result


class _Source:
    """The parsed project files, for triage."""

    def __init__(self):
        self.trees: dict[str, ast.Module | None] = {}
        self._classes: set[str] | None = None

    def tree(self, file: str):
        if file not in self.trees:
            path = ROOT / file
            try:
                self.trees[file] = ast.parse(path.read_text(encoding="utf-8"))
            except (OSError, SyntaxError, ValueError):
                self.trees[file] = None
        return self.trees[file]

    def classes(self) -> set[str]:
        """Names of the classes the board-side code defines."""
        if self._classes is None:
            names = set()
            for top in FILES[CIRCUITPYTHON]:
                path = ROOT / top
                for source in ([path] if path.is_file() else sorted(path.rglob("*.py"))):
                    tree = self.tree(source.relative_to(ROOT).as_posix())
                    if tree is not None:
                        names.update(n.name for n in ast.walk(tree)
                                     if isinstance(n, ast.ClassDef))
            self._classes = names
        return self._classes

    def fallback_import(self, file: str, line: int) -> bool:
        """Whether ``line`` is an import inside a try/except ImportError (a fallback)."""
        tree = self.tree(file)
        if tree is None:
            return False
        for node in ast.walk(tree):
            if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
                for inner in ast.walk(node):
                    if (isinstance(inner, (ast.Import, ast.ImportFrom))
                            and inner.lineno <= line <= (inner.end_lineno or inner.lineno)):
                        return True
        return False

    def hasattr_guarded(self, file: str, line: int, module: str, name: str) -> bool:
        """Whether ``line`` sits in the body of ``if hasattr(module, "name"):``."""
        tree = self.tree(file)
        if tree is None:
            return False
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and _is_hasattr(node.test, module, name):
                first = node.body[0].lineno
                last = node.body[-1].end_lineno or node.body[-1].lineno
                if first <= line <= last:
                    return True
        return False

    def defined_where_imported(self, file: str, line: int, name: str) -> bool:
        """Whether ``line`` is ``from M import name`` of a project module M that defines
        ``name`` at its top level (pyright loses names defined by fallback imports)."""
        tree = self.tree(file)
        if tree is None:
            return False
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.lineno <= line <= (
                    node.end_lineno or node.lineno) and node.module and not node.level:
                module = node.module.replace(".", "/")
                for candidate in (module + ".py", module + "/__init__.py", "lib/%s.py" % module):
                    target = self.tree(candidate)
                    if target is not None and name in _top_level_names(target):
                        return True
        return False


def _is_hasattr(test: ast.expr, module: str, name: str) -> bool:
    return (isinstance(test, ast.Call) and isinstance(test.func, ast.Name)
            and test.func.id == "hasattr" and len(test.args) == 2
            and isinstance(test.args[0], ast.Name) and test.args[0].id == module
            and isinstance(test.args[1], ast.Constant) and test.args[1].value == name)


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    kind = handler.type
    names = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    return any(isinstance(n, ast.Name) and n.id == "ImportError" for n in names)


def _top_level_names(tree: ast.Module) -> set[str]:
    """Names bound at module level, inside try/if blocks too."""
    names = set()
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Try):
            stack.extend(node.body + node.orelse + node.finalbody)
            for handler in node.handlers:
                stack.extend(handler.body)
        elif isinstance(node, ast.If):
            stack.extend(node.body + node.orelse)
    return names


_UNKNOWN_IMPORT = re.compile(r'^"(\w+)" is unknown import symbol')
_PROJECT_ATTRIBUTE = re.compile(r'^Cannot (?:access|assign to) attribute "\w+" for class "(\w+)')
_NONE_TYPE = re.compile(r'for class "None"|to "None"|of type "None"|^"None" is not|'
                        r'Type "None" is not assignable')
_MODULE_ATTRIBUTE = re.compile(r'^"(\w+)" is not a known attribute of module "(\w+)"')
_TICKS = re.compile(r'"_Ticks(?:Ms|Us|CPU)?" is not assignable to "int"')


def accepted_reason(d: Diagnostic, source: _Source, none_lines: set) -> str:
    """Why diagnostic ``d`` says nothing about the boards' APIs, or "" when it counts."""
    if d.rule in ("reportMissingImports", "reportAttributeAccessIssue", "reportAssignmentType",
                  "reportRedeclaration") and source.fallback_import(d.file, d.line):
        if d.rule != "reportAttributeAccessIssue" or _UNKNOWN_IMPORT.match(d.message):
            return "fallback import in try/except ImportError"
    match = _MODULE_ATTRIBUTE.match(d.message)
    if match and source.hasattr_guarded(d.file, d.line, match.group(2), match.group(1)):
        return "guarded by hasattr(module, name)"
    match = _UNKNOWN_IMPORT.match(d.message)
    if match and source.defined_where_imported(d.file, d.line, match.group(1)):
        return "name defined by a fallback in its module (checked there)"
    match = _PROJECT_ATTRIBUTE.match(d.message)
    if match and (match.group(1) == "None" or match.group(1) in source.classes()):
        return "attribute of the game's own untyped classes"
    if d.rule in ("reportArgumentType", "reportAssignmentType", "reportAttributeAccessIssue",
                  "reportGeneralTypeIssues") and _NONE_TYPE.search(d.message):
        return "inferred from a None placeholder"
    if d.rule == "reportCallIssue" and (d.file, d.line) in none_lines:
        return "inferred from a None placeholder"
    if d.check == MICROPYTHON and _TICKS.search(d.message):
        return "MicroPython's stubs make ticks opaque; they are small ints on the boards"
    return ""


def triage(diagnostics) -> tuple[list[Diagnostic], list[tuple[Diagnostic, str]]]:
    """Split diagnostics into (problems, [(accepted, reason)]). Warnings are accepted."""
    source = _Source()
    none_lines = {(d.file, d.line) for d in diagnostics if _NONE_TYPE.search(d.message)}
    problems = []
    accepted = []
    for d in diagnostics:
        reason = "warning" if d.severity != "error" else accepted_reason(d, source, none_lines)
        if reason:
            accepted.append((d, reason))
        else:
            problems.append(d)
    return problems, accepted


def report(problems, accepted, verbose: bool = False) -> str:
    """A text report: the problems, then the accepted diagnostics (counted, or listed)."""
    lines = [str(p) for p in problems]
    counts: dict[str, int] = {}
    for d, reason in accepted:
        counts[reason] = counts.get(reason, 0) + 1
        if verbose:
            lines.append("accepted (%s): %s" % (reason, d))
    for reason, count in sorted(counts.items()):
        lines.append("accepted: %d x %s" % (count, reason))
    lines.append("%d problem%s" % (len(problems), "" if len(problems) == 1 else "s"))
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = CommandParser(prog="python -m sim.typecheck",
                           description=__doc__.split("\n\n")[0])
    parser.add_argument("--install", action="store_true",
                        help="install pyright and the stubs (requirements-typecheck.txt)")
    parser.add_argument("--check", choices=CHECKS, action="append",
                        help="run only this check (repeatable; default both)")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="list the accepted diagnostics too")
    args = parser.parse_args(argv)
    if args.install:
        install()
        return 0
    try:
        diagnostics = run(tuple(args.check or CHECKS))
    except FileNotFoundError as error:
        print(error, file=sys.stderr)
        return 2
    problems, accepted = triage(diagnostics)
    print(report(problems, accepted, args.verbose))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
