"""The engine's core as one module in a .mpy build (sim/bundle.py): how it is joined, what it
refuses, and the imports of every other module. That the bundled build plays the same games is
tested where the board's runtimes play the built tree (tests/test_mp_engine.py and the rest)."""

from __future__ import annotations

import ast

import pytest

from conftest import ROOT
from sim import bundle, minify
from sim.const_fold import MinifyError

CARDS = "NO = 40\n\n\ndef name(card):\n    return card\n"
MOVES = "from engine.cards import NO\n\nMASK = NO + 1\n"
STATE = (
    "from engine import cards, moves as mv\n"
    "from engine.moves import MASK\n"
    "\n\n"
    "class State:\n"
    "    name = cards.name  # a method named as the member's function\n"
    "\n"
    "    def top(self):\n"
    "        return mv.MASK + MASK + cards.NO\n"
)


def test_members_follow_what_they_import_and_read_one_anothers_names_directly():
    text = bundle.bundle('"""The package."""\n', {"state": STATE, "moves": MOVES,
                                                  "cards": CARDS})
    assert text.index("NO = 40") < text.index("MASK = NO + 1") < text.index("class State")
    assert "import" not in text
    assert "name = name" in text and "return MASK + MASK + NO" in text
    namespace: dict = {}
    exec(compile(text, "engine/__init__.py", "exec"), namespace)
    assert namespace["State"]().top() == 122
    assert namespace["State"].name(7) == 7
    assert namespace["__doc__"] == "The package."


@pytest.mark.parametrize("members, message", [
    ({"cards": CARDS, "moves": "NO = 1\n"}, "engine/moves.py: NO is also defined in "
                                            "engine/cards.py"),
    ({"cards": CARDS, "state": "from engine import cards\n\nuse = cards\n"},
     "engine/state.py:3: the bundled core can use the module cards only by reading"),
    ({"cards": CARDS, "state": "from engine import cards\n\ncards.NO = 1\n"},
     "engine/state.py:3: the bundled core cannot write cards.NO"),
    ({"cards": "from engine.moves import MASK\n", "moves": "from engine.cards import NO\n"},
     "engine/cards.py, engine/moves.py import one another in a circle"),
])
def test_a_core_it_cannot_join_safely_is_refused_with_the_place(members, message):
    with pytest.raises(MinifyError, match=message.replace(".", r"\.")):
        bundle.bundle("", members)


def test_other_modules_import_the_core_from_the_package():
    text = (
        "from engine.state import State  # a comment\n"
        "from engine import observe, bots as b\n"
        "from engine.bots.master import MasterBot\n"
        "\n\n"
        "def f():\n"
        "    from engine import match as bookkeeping\n"
        "    return bookkeeping\n"
    )
    built = bundle.rewrite_imports(text)
    assert built.splitlines() == [
        "from engine import State  # a comment",
        "import engine as observe; from engine import bots as b",
        "from engine.bots.master import MasterBot",
        "", "",
        "def f():",
        "    import engine as bookkeeping",
        "    return bookkeeping",
    ]
    with pytest.raises(MinifyError, match="line 1|:1: import the core"):
        bundle.rewrite_imports("import engine.state\n")
    assert bundle.built_names(["engine.cards", "engine.clock", "engine.state", "lib"]) == \
        ["engine", "engine.clock", "lib"]


def test_the_build_holds_the_core_in_the_package_and_only_there(tmp_path):
    renaming = minify.renaming()
    assert renaming.left_out("engine/state.py") and not renaming.left_out("engine/secured.py")
    assert not renaming.left_out("engine/state.py", py_build=True)
    init = renaming.apply((ROOT / "engine" / "__init__.py").read_text(), "engine/__init__.py")
    tree = ast.parse(init)
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and (node.module or "").startswith("engine")
                and node.col_offset == 0]  # lazy imports of the rest stay, in functions
    minify.write_root(tmp_path, py_build=False)
    assert {p.name for p in (tmp_path / "engine").glob("*.py")}.isdisjoint(
        "%s.py" % name for name in bundle.MEMBERS)
    minify.write_root(tmp_path / "py", py_build=True)
    assert {"%s.py" % name for name in bundle.MEMBERS} <= \
        {p.name for p in (tmp_path / "py" / "engine").glob("*.py")}
