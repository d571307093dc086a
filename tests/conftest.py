"""Shared test helpers: positions from card strings, legal moves as readable sets, the
command line in-process, a counter of displayio objects made, and the board's code with its
names shortened as a .mpy deploy has them.

Tests run headless: SDL's dummy drivers are set before anything imports pygame, and ``lib/``
is on ``sys.path`` after everything else, as on a board.
"""

from __future__ import annotations

import os
import sys
import tempfile
from array import array
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"  # no display server needed
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The app drops modules after use and imports them again, as a board must (lib/app.py); where
# PYTHONDONTWRITEBYTECODE is set (this project's machines set it) every such import compiled
# its source again: half the monkey tests' time. The bytecode goes to a cache outside the tree.
sys.dont_write_bytecode = False
sys.pycache_prefix = os.path.join(tempfile.gettempdir(), "scopone-pycache")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
LIB = ROOT / "lib"
if str(LIB) not in sys.path:
    sys.path.append(str(LIB))

from engine.cards import card_name, parse_card  # noqa: E402
from engine.moves import MAX_MOVES  # noqa: E402
from engine.rules import Rules  # noqa: E402
from engine.state import State  # noqa: E402


def cards(text: str) -> list[int]:
    """``"7d 3b"`` -> the card ints, in order."""
    return [parse_card(name) for name in text.split()]


def names(card_list) -> str:
    """Card ints -> ``"7d 3b"``."""
    return " ".join(card_name(c) for c in card_list)


def position(hands=("", "", "", ""), table: str = "", turn: int = 0, ply: int = 0,
             preset: str = "chitarrella", **overrides) -> State:
    """A state in play with the given hands (card strings per seat) and table.

    ``overrides`` are rule parameters (RULES §11), e.g. ``sum_choice="fewest_cards"``.
    """
    state = State(Rules(preset, overrides))
    state.set_position([cards(h) for h in hands], cards(table), turn=turn, ply=ply)
    return state


def legal(state: State) -> set[tuple[str, frozenset]]:
    """The legal moves as ``{("7d", frozenset({"3b", "4s"})), ...}``; a trail takes nothing."""
    buffer = [0] * MAX_MOVES
    count = state.legal_moves(buffer)
    return {(card_name(m & 63), frozenset(card_name(c) for c in state.taken_cards(m)))
            for m in buffer[:count]}


def legal_for(state: State, card: str) -> set[frozenset]:
    """The sets of table cards ``card`` may take (an empty set for a trail)."""
    return {taken for played, taken in legal(state) if played == card}


def play(state: State, card: str, take: str = "") -> None:
    """Play ``card`` taking the cards in ``take``, checked (raises IllegalMove)."""
    state.play(state.move_for(parse_card(card), cards(take)))


# Scratch buffers the state lends to move checks, scoring and bots; they hold no position.
WORK_AREAS = frozenset({"sum_stack", "sum_bits", "sum_parts", "primiera_best", "secured"})
# The state's objects that are not the position: the rules, the modules of declaring out and
# of the variants' capture rules, the match's bookkeeping (a hand's undo never reaches it); the PRNG
# is read below.
NOT_POSITION = frozenset({"rules", "declaring", "variants", "match", "rng"})


def snapshot(state: State) -> tuple:
    """Every buffer and scalar of the state but its work areas, for exact-restore checks.
    Raises TypeError for an attribute of a kind it does not know, so that none is skipped."""
    parts = []
    for key in sorted(State.__slots__):
        if key in WORK_AREAS or key in NOT_POSITION:
            continue
        value = getattr(state, key)
        if isinstance(value, (bytearray, array, list)):  # lists on CPython (engine/kinds.py)
            parts.append((key, tuple(value)))
        elif isinstance(value, tuple) and all(isinstance(v, (bytearray, list)) for v in value):
            parts.append((key, tuple(tuple(v) for v in value)))  # the hands
        elif isinstance(value, int):
            parts.append((key, value))
        else:
            raise TypeError("snapshot: State.%s is a %s" % (key, type(value).__name__))
    parts.append(("rng", (state.rng.s1, state.rng.s2, state.rng.s3)))
    return tuple(parts)


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    """``python -m sim`` in-process: (exit status, stdout, stderr)."""
    from sim.__main__ import main

    try:
        status = main(list(args))
    except SystemExit as exit_:  # argparse's own errors
        status = exit_.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def construction_counter(monkeypatch):
    """Counts constructions of every displayio class a scene may use (and bitmap Labels)."""
    import displayio
    from adafruit_display_text import bitmap_label

    classes = (displayio.Group, displayio.TileGrid, displayio.Bitmap, displayio.Palette,
               bitmap_label.Label)
    counts = {cls.__name__: 0 for cls in classes}
    for cls in classes:
        original = cls.__init__

        def counting(self, *args, __original=original, __name=cls.__name__, **kwargs):
            counts[__name] += 1
            return __original(self, *args, **kwargs)

        monkeypatch.setattr(cls, "__init__", counting)
    return counts


@pytest.fixture(scope="session")
def renamed_root(tmp_path_factory) -> Path:
    """The board's code as ``make deploy`` with ``MPY_CROSS`` compiles it (names shortened by
    sim/minify.py, as .py here), with sim/mp/, tests/mp/ and tests/board/ renamed alike so
    their scripts drive it: a folder laid out as the repository."""
    from sim import minify

    root = tmp_path_factory.mktemp("renamed")
    minify.write_root(root, extra=("sim/mp", "tests/mp", "tests/board"))
    return root


@pytest.fixture(scope="session")
def py_build_root(tmp_path_factory) -> Path:
    """The board's code as ``make deploy`` without ``MPY_CROSS`` writes it (sim/minify.py's
    ``.py`` build: no docstrings, private constants folded, locals renamed), laid out as
    ``renamed_root``."""
    from sim import minify

    root = tmp_path_factory.mktemp("py_build")
    minify.write_root(root, extra=("sim/mp", "tests/mp", "tests/board"), py_build=True)
    return root


@pytest.fixture
def chitarrella() -> Rules:
    return Rules("chitarrella")


_BOARD_CODE = (str(ROOT / "lib") + os.sep, str(ROOT / "engine") + os.sep)


@pytest.fixture(autouse=True)
def restore_dropped_modules():
    """Put back the modules a test dropped from ``sys.modules`` (the app drops its save,
    statistics, language and hint modules after use, and the engine its rules parser, to spare
    a board's heap), so every test sees the classes its module imported (``SaveError``,
    ``ChitarrellaBot``) as the same objects; and drop again the board's modules the test
    imported anew, which may hold a class of a module put back: a ``save_read`` left behind
    would raise a ``SaveError`` that the restored ``record_read``'s does not catch."""
    before = dict(sys.modules)
    yield
    for name, module in before.items():
        if sys.modules.get(name) is not module:
            sys.modules[name] = module
    for name in [name for name in sys.modules if name not in before]:
        if (getattr(sys.modules[name], "__file__", None) or "").startswith(_BOARD_CODE):
            del sys.modules[name]
