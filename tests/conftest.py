"""Shared test helpers: positions from card strings, legal moves as readable sets."""

from __future__ import annotations

import sys
from array import array
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

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
    buffer = array("i", [0] * MAX_MOVES)
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
WORK_AREAS = frozenset({"sum_stack", "sum_candidates", "primiera_best", "secured"})


def snapshot(state: State) -> tuple:
    """Every buffer and scalar of the state but its work areas, for exact-restore checks."""
    parts = []
    for key, value in sorted(vars(state).items()):
        if key in WORK_AREAS:
            continue
        if isinstance(value, (bytearray, array)):
            parts.append((key, bytes(value)))
        elif isinstance(value, tuple) and value and isinstance(value[0], bytearray):
            parts.append((key, tuple(bytes(v) for v in value)))
        elif isinstance(value, (int, bool)):
            parts.append((key, value))
    parts.append(("rng", (state.rng.s1, state.rng.s2, state.rng.s3)))
    return tuple(parts)


@pytest.fixture
def chitarrella() -> Rules:
    return Rules("chitarrella")
