"""Short names for a .mpy deploy (sim/minify.py): what keeps its name and what does not, and the
renamed code plays the same games and says the same things as the code as written. The board's
loop on the renamed code runs in tests/test_session_heap.py and tests/test_board_stack.py, and
the memory budget measures it.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
import types
from pathlib import Path

import pytest

from conftest import ROOT
from sim import const_fold, minify, mpruntime

TREE = {
    "code.py": "import main_loop\n\n\ndef main(**options):\n    return main_loop.start_game()\n",
    "boot.py": "import storage\n",
    "lib/main_loop.py": (
        '"""start_game in a docstring stays."""\n'
        "from engine.things import Counter, helper_function\n"
        "_PRIVATE_LIMIT = 3\n"
        "KEYS = ('spelled_out',)\n"
        "\n\n"
        "def start_game():\n"
        "    counter = Counter(first_value=2)  # Counter in a comment stays\n"
        "    counter.spelled_out = helper_function(counter.first_value)\n"
        "    return getattr(counter, KEYS[0]), 'Counter', counter.x\n"
    ),
    "engine/__init__.py": "",
    "engine/things.py": (
        "class Counter:\n"
        "    def __init__(self, first_value):\n"
        "        self.first_value = first_value\n"
        "        self.x = 0  # displayio's name: kept\n"
        "        self._hidden_total = 0\n"
        "\n"
        "    def __len__(self):\n"
        "        return self._hidden_total\n"
        "\n\n"
        "def helper_function(value):\n"
        "    return value + 1\n"
    ),
}


@pytest.fixture
def tree(tmp_path):
    for name, text in TREE.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_one_renaming_a_process_while_the_sources_stay_the_same(tree):
    first = minify.renaming(tree)
    assert minify.renaming(tree) is first
    assert first.apply("x = helper_function(1)\n") is first.apply("x = helper_function(1)\n")
    main_loop = tree / "lib" / "main_loop.py"
    main_loop.write_text(main_loop.read_text() + "\n\ndef another_helper(value):\n"
                         "    return value\n")
    again = minify.renaming(tree)
    assert again is not first and "another_helper" in again.mapping
    assert "another_helper" not in first.mapping


def test_what_keeps_its_name(tree, tmp_path):
    renaming = minify.Renaming(tree, keep={"x"}, free=[])
    mapping = renaming.mapping
    renamed = {"helper_function", "first_value", "counter", "_PRIVATE_LIMIT", "_hidden_total",
               "KEYS"}
    assert renamed <= set(mapping)
    assert not {"main", "options", "main_loop", "things", "engine", "storage", "start_game",
                "spelled_out", "Counter", "x", "__init__", "__len__", "self", "value",
                "getattr"} & set(mapping)
    assert mapping["_hidden_total"].startswith("_") and mapping["_PRIVATE_LIMIT"].startswith("_")
    assert not mapping["counter"].startswith("_")

    out = tmp_path / "out"
    minify.write_tree(out, renaming, tree)
    assert (out / "code.py").read_text() == TREE["code.py"]  # verbatim, and start_game...
    code = (out / "lib" / "main_loop.py").read_text()
    assert "start_game in a docstring" in code and "Counter in a comment" in code
    assert "'Counter'" in code and "'spelled_out'" in code
    assert "def start_game():" in code  # kept: code.py calls it
    assert "Counter(%s=2)" % mapping["first_value"] in code  # kept: spelled out in a string

    names = ("main_loop", "engine", "engine.things")  # the real ones come back after the test
    for name in names:
        sys.modules.pop(name, None)
    sys.path[:0] = [str(out), str(out / "lib")]
    try:
        import main_loop

        assert main_loop.start_game() == (3, "Counter", 0)
    finally:
        del sys.path[:2]
        for name in names:
            sys.modules.pop(name, None)


def test_the_firmware_s_names_go_first_to_the_core_and_only_where_no_code_uses_them(tree):
    (tree / "engine" / "state.py").write_text(
        "from micropython import const\n\n_KEPT_APART = const((1, 2))  # not an int: not folded"
        "\nKEEP = (1,)\n\n\nclass State:\n    def apply_move(self, move):\n"
        "        return move + _KEPT_APART[0]\n")
    free = ["getattr", "isdisjoint", "union", "issubset", "issuperset", "symmetric_difference"]
    mapping = minify.Renaming(tree, keep={"x"}, free=free).mapping
    # the core's names first (engine/state.py, a member), the longest first; getattr is
    # used (lib/main_loop.py), and a const() name stays private
    assert [mapping[name] for name in ("apply_move", "State", "KEEP", "move")] == free[1:5]
    assert mapping["_KEPT_APART"].startswith("_") and mapping["_KEPT_APART"] not in free
    assert mapping["helper_function"] == "symmetric_difference"
    assert len(mapping["_hidden_total"]) <= 3


def test_the_free_list_is_current():
    assert minify.free_names() == minify.read_free(), (
        "sim/minify_free.txt is stale: run `python -m sim.minify --update-free`")
    # none the runtime reads by name (assert reads AssertionError), none gated out of
    # CircuitPython, and the names its own script prints stay free
    free = minify.read_free()
    assert all(name[0].islower() for name in free) and "execfile" not in free
    assert {"dir", "slice", "frozenset"} <= set(free)


def test_the_real_mapping_is_safe():
    mapping = minify.make_mapping()
    assert mapping == minify.make_mapping()  # the same code, the same names
    assert len(set(mapping.values())) == len(mapping)
    scan = minify.BoardScan(minify.ROOT)
    free = set(minify.read_free())
    for name, short in mapping.items():
        if short in free:  # the firmware's: any length, and no "_" (but for a const() name)
            assert name not in scan.consts | scan.left_out()
        else:
            assert len(short) < len(name)
            assert short.startswith("_") == name.startswith("_")
        assert short not in scan.tokens | scan.harness_tokens, (
            "%s -> %s, a name the code already uses" % (name, short))
    given = [name for name, short in mapping.items() if short in free]
    assert len(given) > 50 and set(given) <= scan.core
    kept = minify.read_keep() | scan.literals | scan.verbatim | scan.modules
    assert not kept & set(mapping)
    assert {"x", "hidden", "root_group", "width"} <= minify.read_keep()
    assert len(mapping) > 800


def test_the_map_read_in_part_ends_quietly():
    # `python -m sim.minify --map | head`: the reader goes before the map is all written.
    # Here it goes before the first line (the scan takes a second or more), every time.
    process = subprocess.Popen([sys.executable, "-m", "sim.minify", "--map"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()
    _, stderr = process.communicate(timeout=120)
    assert (process.returncode, stderr) == (0, b"")


def test_an_f_string_is_refused(tree):
    (tree / "lib" / "main_loop.py").write_text("name = 1\ntext = f'{name}'\n")
    with pytest.raises(minify.MinifyError, match=r"main_loop.py:2: an f-string"):
        minify.make_mapping(tree)


def test_the_keep_list_is_current():
    try:
        names = minify.keep_from_stubs()
    except minify.MinifyError as error:
        pytest.fail(str(error))  # make test installs the stubs (make typecheck)
    # another Python's builtins may take a few names off either side: compare beyond them
    python = minify.python_names()
    assert set(names) - python == minify.read_keep() - python, (
        "sim/minify_keep.txt is stale: run `python -m sim.minify --update-keep`")


@functools.lru_cache(maxsize=None)  # the code as written plays once for the tests below
def _plays(root, mpy_root=None) -> str:
    script = root / "tests" / "mp" / "play_matches.py"
    return mpruntime.run_unix(script, "chitarrella,assi+veneto,dieci+tre_gradi", 1, 7,
                              "master,chitarrella,greedy,random", "plays", mpy_root=mpy_root)


def test_the_renamed_engine_plays_the_same_games(renamed_root):
    expected = _plays(ROOT)
    assert expected.count("\n") >= 6
    assert _plays(renamed_root, renamed_root) == expected
    script = renamed_root / "tests" / "mp" / "play_options.py"
    assert "ok" in mpruntime.run_unix(script, mpy_root=renamed_root).split()


SAYINGS = """\
import sys
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/lib"]
import i18n
for language in ("en", "it"):
    for kind in ("master", "chitarrella"):
        print([i18n.reason(language, kind, code) for code in range(1, 6)])
    texts = i18n.texts(language, menus=True)
    print(sorted(texts.items()))
"""


def test_the_renamed_ui_says_the_same(renamed_root, tmp_path):
    script = tmp_path / "sayings.py"
    outputs = []
    for root in (ROOT, renamed_root):
        script.write_text(minify.rename(SAYINGS, minify.make_mapping()) if root != ROOT
                          else SAYINGS)
        outputs.append(subprocess.run([sys.executable, str(script), str(root)], check=True,
                                      capture_output=True, text=True).stdout)
    assert outputs[0] == outputs[1]
    assert "sweep" in outputs[0] and "scopa" in outputs[0]


def test_what_the_board_code_asks_of_outside_modules_keeps_its_name():
    # The drivers run only on a board: no test here renames and runs them. So every name the
    # code imports from or reads on a module of the firmware or a library (from time import
    # ticks_ms, board.DISPLAY, keypad.Keys) and every keyword it passes to one
    # (Keys(pins=..., value_when_pressed=...)) must keep its spelling.
    mapping = minify.make_mapping()
    ours = {path.stem for path in minify.board_sources()} | {"engine"}
    checked = 0
    for path in minify.board_sources():
        tree = ast.parse((ROOT / path).read_text())
        outside = set()  # names bound to an outside module, or to what one gave
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                outside |= {alias.asname or alias.name.split(".")[0] for alias in node.names
                            if alias.name.split(".")[0] not in ours}
            elif isinstance(node, ast.ImportFrom) and node.module and \
                    node.module.split(".")[0] not in ours:
                outside |= {alias.asname or alias.name for alias in node.names}
                for alias in node.names:  # from time import ticks_ms
                    assert alias.name not in mapping, "%s: %s" % (path, alias.name)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                    node.value.id in outside:
                assert node.attr not in mapping, "%s: %s.%s" % (path, node.value.id, node.attr)
                checked += 1
            if isinstance(node, ast.Call):
                func = node.func
                root = func.value if isinstance(func, ast.Attribute) else func
                if isinstance(root, ast.Name) and root.id in outside:
                    for word in node.keywords:
                        assert word.arg not in mapping, "%s: %s(%s=)" % (path, root.id,
                                                                         word.arg)
    assert checked > 80  # 96 when written


FOLDED = {
    "engine/limits.py": (
        "try:\n"
        "    from micropython import const\n"
        "except ImportError:\n"
        "    def const(value):\n"
        "        return value\n"
        "LIMIT = const(4)  # four\n"
        "NEGATIVE = const(-1)\n"
        "MASK = const(LIMIT << 2)\n"
        "PASSED = const(7)  # a keyword of that name elsewhere is no use of it\n"
        "SPELLED = const(9)  # spelled out in a string: kept\n"
        "SHADOWED = const(3)  # a parameter where it is imported: kept\n"
        "TABLE = (LIMIT, MASK)\n"
    ),
    "engine/other.py": (
        "from micropython import const\n"
        "LIMIT = const(40)  # another module's LIMIT\n"
    ),
    "lib/user.py": (
        "from engine import limits, other\n"
        "from engine.limits import (\n"
        "    LIMIT,\n"
        "    MASK,\n"
        "    SHADOWED,\n"
        "    TABLE,\n"
        ")\n"
        "\n\n"
        "def values(**words):\n"
        "    from engine.limits import NEGATIVE\n"
        "    return (LIMIT, MASK, -NEGATIVE, limits.NEGATIVE, TABLE, limits.SPELLED,\n"
        "            getattr(limits, 'SPELLED'), sorted(words), other.LIMIT, SHADOWED)\n"
        "\n\n"
        "def passing(SHADOWED=0):\n"
        "    return values(PASSED=limits.PASSED)\n"
    ),
}


def test_constants_are_folded_across_modules(tree, tmp_path):
    for name, text in FOLDED.items():
        (tree / name).write_text(text)
    # a script that drives the built code (minify.HARNESS) calls passing: the build keeps it
    (tree / "tests" / "mp").mkdir(parents=True)
    (tree / "tests" / "mp" / "drive.py").write_text("import user\n\nuser.passing()\n")
    renaming = minify.Renaming(tree)
    assert renaming.unused == {}
    limits = "engine.limits"
    assert renaming.constants.values == {(limits, "LIMIT"): 4, (limits, "NEGATIVE"): -1,
                                         (limits, "MASK"): 16, (limits, "PASSED"): 7,
                                         ("engine.other", "LIMIT"): 40}
    assert not {"LIMIT", "MASK", "NEGATIVE"} & set(renaming.mapping)  # gone: they take no name

    out = tmp_path / "out"
    minify.write_tree(out, renaming, tree)
    limits = (out / "engine" / "limits.py").read_text()
    user = (out / "lib" / "user.py").read_text()
    assert "const(4)" not in limits and "# four" in limits and "const(9)" in limits
    assert "(4, 16)" in limits  # the module's own uses too
    assert "(4, 16, -(-1), (-1)," in user and ", 40, " in user
    assert "import NEGATIVE" not in user and "    pass\n" in user
    for name, text in FOLDED.items():  # line numbers stay: a built file reads against its source
        assert (out / name).read_text().count("\n") == text.count("\n")

    names = ("user", "engine", "engine.limits", "engine.other")
    for name in names:
        sys.modules.pop(name, None)
    sys.path[:0] = [str(out), str(out / "lib")]
    sys.modules["micropython"] = types.SimpleNamespace(const=lambda value: value)
    try:
        import user

        passing = getattr(user, renaming.mapping.get("passing", "passing"))
        assert passing() == (4, 16, 1, -1, (4, 16), 9, 9, ["PASSED"], 40, 3)
    finally:
        del sys.path[:2]
        for name in names + ("micropython",):
            sys.modules.pop(name, None)


def test_a_script_that_uses_a_folded_name_another_way_is_refused(tree):
    (tree / "engine" / "limits.py").write_text(FOLDED["engine/limits.py"])
    renaming = minify.Renaming(tree)
    with pytest.raises(minify.MinifyError, match=r"drive.py:2: LIMIT of engine.limits is fold"):
        renaming.apply("from engine.limits import LIMIT\nLIMIT = 5\n", "drive.py")
    with pytest.raises(minify.MinifyError, match=r"drive.py:2: LIMIT of engine.limits is fold"):
        renaming.apply("limits = range(3)\nprint(limits.LIMIT)\n", "drive.py")  # no module
    with pytest.raises(minify.MinifyError, match=r"drive.py:3: LIMIT of engine.limits is fold"):
        renaming.apply("from engine import limits\ndef f(limits):\n    return limits.LIMIT\n",
                       "drive.py")  # a parameter hides the module
    assert renaming.apply("def f(LIMIT):\n    return LIMIT\n") == \
        "def f(abs):\n    return abs\n"  # not imported here: another LIMIT (a parameter)


def test_the_real_constants_are_folded():
    renaming = minify.Renaming()
    folded = renaming.constants.values
    assert {("engine.layout", "PLAY"), ("engine.moves", "MAX_MOVES"), ("engine.observe", "PLY"),
            ("layouts", "LEFT"), ("input_events", "LEFT")} <= set(folded)
    assert len(folded) >= 100  # 108 when written
    layout = renaming.apply((ROOT / "engine" / "layout.py").read_text(), "engine/layout.py")
    assert "const(" not in layout.split("class", 1)[0].replace("def const", "")


def _without_docstrings(tree: ast.AST) -> str:
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and body and \
                isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and \
                isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def _private_constants(tree: ast.AST) -> set[str]:
    return {node.targets[0].id for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id.startswith("_") and isinstance(node.value, ast.Call)
            and getattr(node.value.func, "id", "") == "const"}


def test_a_py_build_drops_the_docstrings_and_both_builds_fold_the_private_constants():
    # A .py deploy (sim/deploy.py) carries no docstrings (a board would parse them, and a port
    # with doc strings on would keep a module's and a class's) and no private const() names
    # (a board's lexer would intern them): every one the board's code has goes. A .mpy build
    # folds them too (mpy-cross would, leaving the same bytecode), so that the const import
    # can go as well.
    renaming = minify.Renaming()
    folded = 0
    for path in minify.board_sources():
        if path.as_posix() in minify.VERBATIM:
            continue
        source = (ROOT / path).read_text(encoding="utf-8")
        built = renaming.apply(source, path)
        lean = renaming.apply(source, path, py_build=True)
        assert ast.dump(ast.parse(lean)) == _without_docstrings(ast.parse(lean)), path
        assert not _private_constants(ast.parse(lean)), path
        assert not _private_constants(ast.parse(built)), path
        folded += len(_private_constants(ast.parse(source)))
    assert folded >= 80


def test_the_const_import_goes_once_no_const_is_left_to_read_it():
    source = ("try:\n    from micropython import const\nexcept ImportError:  # CPython\n\n"
              "    def const(value):\n        return value\n\n\nLIMIT = 4\n")
    dropped = const_fold.drop_unused_const(source)
    assert "micropython" not in dropped and "def const" not in dropped
    assert dropped.splitlines()[8] == "LIMIT = 4"  # lines where they were
    for reads in ("_LIMIT = const(4)\n", "check = const\n"):
        assert const_fold.drop_unused_const(source + reads) == source + reads


def test_a_board_build_binds_const_only_where_it_is_read():
    # Each binding was one more entry in a module's dictionary on the board: 288 bytes less
    # engine heap for the seven engine modules that lose it (make bench).
    renaming = minify.Renaming()
    kept = []
    for path in minify.board_sources():
        source = (ROOT / path).read_text(encoding="utf-8")
        if path.as_posix() in minify.VERBATIM or "from micropython import const" not in source:
            continue
        for py_build in (False, True):
            built = renaming.apply(source, path, py_build)
            if "from micropython import const" in built:
                assert "const(" in built.replace("def const(", ""), path
                kept.append(path.as_posix())
    assert len(kept) <= 2, kept  # lib/input_events.py: strings spell out UP and SELECT


def test_a_py_build_plays_the_same_games(tmp_path):
    # The code as a .py deploy builds it compiles on MicroPython (the unix port, from source)
    # and plays the same matches as the code as written.
    minify.write_root(tmp_path, extra=("tests/mp",), py_build=True)
    assert _plays(tmp_path, tmp_path) == _plays(ROOT)


def test_strip_docstrings_leaves_a_docstring_that_shares_its_line():
    source = 'def f(): """kept"""\n\n\ndef g():\n    """gone"""\n'
    assert minify.strip_docstrings(source) == 'def f(): """kept"""\n\n\ndef g():\n    pass\n'


def test_strip_slots_drops_a_class_s_slots_and_nothing_else():
    source = ('class A:\n    __slots__ = (\n        "a",\n    )\n\n\n'
              'class B:\n    """doc"""\n    __slots__ = ("b",)\n    c = "__slots__"\n')
    assert minify.strip_slots(source) == \
        'class A:\n    pass\n\n\nclass B:\n    """doc"""\n    c = "__slots__"\n'


def test_the_board_build_has_no_slots_and_they_keep_no_names():
    # State and Rules name their attributes in __slots__ for CPython's speed; a board ignores
    # them, so the build drops them, and their strings do not keep the attributes' long names
    renaming = minify.renaming()
    for path in ("engine/state.py", "engine/rules.py"):
        built = ast.parse(renaming.apply((ROOT / path).read_text(encoding="utf-8"), path))
        assert not [node for node in ast.walk(built)
                    if isinstance(node, ast.Name) and node.id == "__slots__"], path
    assert {"hand_count", "value_slots", "ply_move", "equal_priority", "ace_ban_plies"} \
        <= set(renaming.mapping)


def test_fold_private_writes_the_values_and_leaves_a_name_bound_elsewhere():
    source = ("_A = const(3)\n_B = const(_A * 2)\n_C = const(1)\n\n\n"
              "def f(x):\n    _C = x\n    return _A + _B + _C\n")
    folded = const_fold.fold_private(source)
    assert folded == ("\n\n_C = const(1)\n\n\n"
                      "def f(x):\n    _C = x\n    return 3 + 6 + _C\n")


def test_rename_locals_gives_letters_and_leaves_what_it_must():
    # Locals become letters, none the function uses (a global, a parameter, an attribute); a
    # parameter, a default, a name an inner scope binds or a function inside binds, and an
    # ``except ... as`` name keep theirs.
    source = ("a = 1\n\n\ndef f(x, n=count):\n    count = 0\n    total = x + a\n"
              "    values = [total * k for k in range(3)]\n\n    def inner(y):\n"
              "        keep = y + total\n        return keep\n    try:\n        pass\n"
              "    except ValueError as err:\n        print(err)\n"
              "    return total + count + len(values) + inner(1)\n\n\n"
              "class C:\n    def m(self, q):\n        result = self.b + q\n        return result\n")
    assert minify.rename_locals(source) == (
        "a = 1\n\n\ndef f(x, n=count):\n    b = 0\n    c = x + a\n"
        "    d = [c * k for k in range(3)]\n\n    def inner(y):\n"
        "        keep = y + c\n        return keep\n    try:\n        pass\n"
        "    except ValueError as err:\n        print(err)\n"
        "    return c + b + len(d) + inner(1)\n\n\n"
        "class C:\n    def m(self, q):\n        a = self.b + q\n        return a\n")


def test_rename_locals_renames_a_comprehensions_loop_names():
    # A comprehension is a scope: its loop names become letters it does not use; its first
    # iterable is read outside it, and one that holds a scope of its own is left as it is.
    source = ("items = [1]\ntotal = [item * 2 for item in items if item]\n"
              "pairs = {key: value for key, value in zip(items, items)}\n"
              "nested = [[cell for cell in row] for row in items]\n"
              "same = [item for item in item]\n")
    assert minify.rename_locals(source) == (
        "items = [1]\ntotal = [a * 2 for a in items if a]\n"
        "pairs = {a: b for a, b in zip(items, items)}\n"
        "nested = [[a for a in row] for row in items]\n"
        "same = [a for a in item]\n")


def test_rename_parameters_gives_firmware_names_and_leaves_what_it_must():
    # Positional parameters take the free names in order, none the function reads; self, a
    # name some call passes by keyword, a keyword-only one, one a comprehension binds too,
    # and those of a function holding a closure keep theirs. Defaults are read outside.
    source = ("def f(card, team=abs):\n    return abs(card) + team\n\n\n"
              "def g(card, seat, *, kind):\n    return [x for x in seat], kind, card\n\n\n"
              "def h(x):\n    return [x for x in range(3)]\n\n\n"
              "def outer(card):\n    def inner():\n        return card\n    return inner\n\n\n"
              "class C:\n    def m(self, card, seat):\n        return self.card + card + seat\n")
    assert minify.rename_parameters(source, {"seat"}, ["abs", "add", "all"]) == (
        "def f(add, all=abs):\n    return abs(add) + all\n\n\n"
        "def g(abs, seat, *, kind):\n    return [x for x in seat], kind, abs\n\n\n"
        "def h(x):\n    return [x for x in range(3)]\n\n\n"
        "def outer(card):\n    def inner():\n        return card\n    return inner\n\n\n"
        "class C:\n    def m(self, abs, seat):\n        return self.card + abs + seat\n")


def test_a_build_renames_no_parameter_a_call_names():
    # Renaming: a parameter some board code or script passes by keyword keeps its name
    # everywhere, whichever function's it is; the others take the firmware's names.
    renaming = minify.renaming()
    assert "state" in renaming.keywords  # lib/ passes a Game's state=
    built = renaming.apply((ROOT / "engine" / "scoring.py").read_text(encoding="utf-8"),
                           "engine/scoring.py", apart=True)
    napola_run = renaming.mapping["napola_run"]
    assert "def %s(state, abs) -> int:" % napola_run in built  # (state, team)


@pytest.mark.parametrize("py_build", [True, False], ids=["py", "mpy"])
def test_a_build_names_nothing_it_does_not_define(tmp_path, py_build):
    # rename_locals and rename_parameters must rename a name everywhere its function reads
    # it, on paths no test plays too: pyflakes' undefined-name, shadowing and redefinition
    # checks (by ruff) pass on the whole build, as on the code as written.
    minify.write_root(tmp_path, py_build=py_build)
    ruff = Path(sys.executable).parent / "ruff"
    result = subprocess.run([str(ruff), "check", "--isolated", "--select",
                             "F821,F823,F811,F402", str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_strip_functions_drops_the_named_functions_and_methods_only():
    source = ("def kept():\n    return 1\n\n\ndef gone(x):\n    return x\n\n\n"
              "class Box:\n    def gone(self):\n        return 2\n\n"
              "    def kept(self):\n        return 3\n\n\nVALUE = kept()\n")
    stripped = minify.strip_functions(source, {"gone"})
    assert "def gone(x)" not in stripped and "def gone(self)" in stripped
    assert stripped.splitlines()[16] == "VALUE = kept()"  # lines where they were
    stripped = minify.strip_functions(source, {"Box.gone"})
    assert "def gone(x)" in stripped and "def gone(self)" not in stripped
    assert "def kept(self)" in stripped and stripped.splitlines()[16] == "VALUE = kept()"
    compile(stripped, "<built>", "exec")
    assert minify.strip_functions(source, ()) == source


def test_the_scan_leaves_a_method_the_runtime_may_call_by_name(tree):
    # A method no board code names is left out, unless its name is an outside one (a stream's
    # ``write``, which print(file=...) calls), a dunder, or the class's last statement.
    (tree / "lib" / "box.py").write_text(
        "class Box:\n    def __init__(self):\n        self.n = 0\n\n"
        "    def unasked(self):\n        return 1\n\n"
        "    def write(self, text):\n        return 0\n\n\n"
        "class Lone:\n    def only(self):\n        return 2\n\n\nBox()\nLone()\n")
    assert minify.BoardScan(tree).unused.get("lib/box.py") == {"Box.unasked"}


def test_the_board_build_leaves_out_the_helpers_only_the_desktop_calls():
    # The house style's card and move helpers (STYLE.md 4) and OpenSpiel's vocabulary that
    # the tests use but no board code, nor any script that drives the built code, calls:
    # 416 bytes less engine heap for the helpers, 80 for the methods (make bench); and the
    # comparisons and reprs only the desktop makes (minify.DESKTOP_METHODS): 160 bytes less
    # engine heap. A new entry here must be a function the board never needs.
    renaming = minify.Renaming()
    assert renaming.unused == {
        "engine/cards.py": {"card_value", "card_rank", "card_suit", "make_card"},
        "engine/moves.py": {"encode_move", "move_card", "move_take", "move_flags",
                            "is_capture"},
        "engine/rules.py": {"Rules.__eq__", "Rules.__repr__"},
        "engine/state.py": {"State.current_seat", "State.is_terminal", "State.__repr__"},
        "engine/bots/master.py": {"MasterBot.determinize"},
        "lib/match_setup.py": {"MatchSetup.__eq__", "MatchSetup.__repr__"},
        "lib/stats.py": {"Stats.__eq__", "Stats.__repr__"},
    }
    built = renaming.apply((ROOT / "engine" / "cards.py").read_text(), "engine/cards.py")
    defined = {node.name for node in ast.parse(built).body if isinstance(node, ast.FunctionDef)}
    assert renaming.mapping.get("card_name", "card_name") in defined
    assert not {renaming.mapping.get(name, name) for name in renaming.unused["engine/cards.py"]} \
        & defined


def test_board_kinds_writes_a_boards_bytes_in_place_of_the_calls():
    source = ("from engine.kinds import byte_buffer, byte_table\nfrom engine.layout import WHOLE\n"
              'TABLE = byte_table(\n    b"\\x01"\n    b"\\x02"\n)\n\n\n'
              "def f():\n    return (byte_buffer(4), byte_buffer(SIZE))  # byte_table\n")
    assert minify.board_kinds(source) == (
        "\nfrom engine.layout import WHOLE\n"
        'TABLE = (\n    b"\\x01"\n    b"\\x02"\n)\n\n\n'
        "def f():\n    return (bytearray(4), bytearray(SIZE))  # byte_table\n")
    assert minify.board_kinds("byte_table = 1\n") == "byte_table = 1\n"  # not the engine's
    with pytest.raises(minify.MinifyError, match="<source>:2: byte_table is used other than"):
        minify.board_kinds("from engine.kinds import byte_table\nmake = byte_table\n")
    for source in ("from engine import kinds\nX = kinds.byte_table(b'')\n",
                   "import engine.kinds\nX = engine.kinds.byte_table(b'')\n"):
        with pytest.raises(minify.MinifyError, match="<source>:1: engine.kinds imported as a"):
            minify.board_kinds(source)


def test_the_board_build_holds_bytes_and_no_engine_kinds(tmp_path):
    # CPython plays with lists and tuples (engine/kinds.py); a board's build writes bytes and
    # bytearrays in their place and no file for the module, so a board holds neither
    renaming = minify.renaming()
    for path in ("engine/state.py", "engine/cards.py", "engine/moves.py", "engine/capture.py"):
        source = (ROOT / path).read_text(encoding="utf-8")
        assert "byte_table(" in source or "byte_buffer(" in source, path
        for py_build in (False, True):
            built = renaming.apply(source, path, py_build)
            assert "byte_table" not in built and "byte_buffer" not in built, path
            assert "import byte" not in built and "engine.kinds" not in built, path
    assert renaming.left_out("engine/kinds.py") and renaming.left_out("engine/kinds.py", True)
    written = minify.write_tree(tmp_path, renaming, py_build=True)
    assert Path("engine/kinds.py") not in written and not (tmp_path / "engine/kinds.py").exists()
    assert "bytearray(41)" in (tmp_path / "engine" / "state.py").read_text(encoding="utf-8")
