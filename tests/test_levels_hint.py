"""Difficulty levels (engine/bots/levels.py) and hints (engine/bots/hint.py)."""

from __future__ import annotations

import random

import pytest

from conftest import cards, play, position
from engine import observe
from engine.bots import reason_words
from engine.bots.chitarrella import ChitarrellaBot
from engine.bots.greedy import GreedyBot
from engine.bots.hint import Hinter
from engine.bots.levels import LEVELS, level_budget, make_level_bot
from engine.bots.master import MasterBot
from engine.layout import DEAL, HAND_OVER, PLAY
from engine.moves import MAX_MOVES
from engine.rules import Rules
from engine.state import State


def test_levels_map_to_bots_with_growing_budgets():
    rules = Rules("chitarrella")
    assert LEVELS == ("easy", "normal", "hard", "desktop")
    assert isinstance(make_level_bot("easy", rules), GreedyBot)
    searches = [make_level_bot(level, rules) for level in ("normal", "hard", "desktop")]
    assert all(isinstance(bot, MasterBot) for bot in searches)
    assert searches[0].iterations < searches[1].iterations < searches[2].iterations
    # Board levels carry a deadline in board milliseconds (1 s and 3 s); desktop none.
    assert [level_budget(level)[2] for level in ("normal", "hard", "desktop")] == [1000, 3000, 0]


def test_without_the_search_the_search_levels_play_chitarrellas_rules():
    # A board whose heap cannot hold the search (lib/boards.py SEARCH_MIN_FREE): normal is
    # his player without his strategy (careful), so the three levels still differ
    rules = Rules("chitarrella")
    assert isinstance(make_level_bot("easy", rules, search=False), GreedyBot)
    for level, name in (("normal", "careful"), ("hard", "chitarrella"),
                        ("desktop", "chitarrella")):
        assert level_budget(level, search=False) == (name, 0, 0)
        bot = make_level_bot(level, rules, 1, False)
        assert isinstance(bot, ChitarrellaBot) and bot.strategy is (name == "chitarrella")


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        make_level_bot("expert", Rules("chitarrella"))


def ask(state: State, hinter: Hinter) -> int:
    obs = bytearray(observe.SIZE)
    state.observe(state.turn, obs)
    moves = [0] * MAX_MOVES
    count = state.legal_moves(moves)
    move = hinter.search_move(obs, moves, count)
    assert move in moves[:count]
    return move


def test_hints_are_legal_through_whole_hands():
    rules = Rules("chitarrella")
    state = State(rules, 5)
    hinter = Hinter(rules, 5)
    chooser = random.Random(5)
    moves = [0] * MAX_MOVES
    hints = 0
    for _ in range(2):
        state.phase = DEAL
        while state.deal():
            pass
        while state.phase == PLAY:
            ask(state, hinter)
            assert reason_words(hinter.kind, hinter.reason)
            hints += 1
            count = state.legal_moves(moves)
            state.apply(moves[chooser.randrange(count)])
        assert state.phase == HAND_OVER
    assert hints == 72


def test_search_is_the_hard_level_and_the_scopa_chitarrellas_rule():
    # Table 2b + 5c, seat 0 holds 7s and 4d: the 7 sweeps (C-14). The search hints it, and
    # Chitarrella's player makes it too, so his rule is the reason lib/game.py gives.
    state = position(("7s 4d Kb", "Qc Qd", "Jc Jd", "Kc Kd"), "2b 5c", turn=0)
    hinter = Hinter(state.rules, 1)
    assert isinstance(hinter.search, MasterBot)
    assert hinter.search.iterations == level_budget("hard")[1]
    obs = bytearray(observe.SIZE)
    state.observe(0, obs)
    moves = [0] * MAX_MOVES
    count = state.legal_moves(moves)
    move = hinter.search_move(obs, moves, count)
    assert hinter.kind == "master" and hinter.move == move
    assert state.taken_cards(move) == cards("2b 5c") and move & 63 == cards("7s")[0]
    teacher = ChitarrellaBot(state.rules)
    assert teacher.choose(obs, moves, count) == move
    assert "C-14" in reason_words(teacher.REASON_KIND, teacher.reason)


def test_play_helper_still_applies_after_a_hint():
    state = position(("7s 4d", "Qc", "Jc", "Kc"), "2b 5c", turn=0)
    hinter = Hinter(state.rules, 1)
    ask(state, hinter)
    play(state, "4d")  # the player may ignore the hint (C-40: the scopa is free)
    assert state.turn == 1


def test_a_hint_leaves_the_lent_bots_stream_as_it_was_and_repeats_itself():
    # A game lends its bots' search to the Hinter (lib/game.py). The hint must not move the
    # search's random stream, or asking one would change how the bots then play, and the
    # same position asked twice could get two hints (a hard search is noisy).
    rules = Rules("chitarrella")
    state = State(rules, 11)
    lent = make_level_bot("normal", rules, 3)
    twin = make_level_bot("normal", rules, 3)
    hinter = Hinter(rules, 3, lent, level_budget("hard")[1:])
    obs = bytearray(observe.SIZE)
    moves = [0] * MAX_MOVES
    chooser = random.Random(11)
    state.phase = DEAL
    while state.deal():
        pass
    for _ in range(12):
        state.observe(state.turn, obs)
        count = state.legal_moves(moves)
        first = hinter.search_move(obs, moves, count)
        assert hinter.search_move(obs, moves, count) == first
        assert lent.choose(obs, moves, count) == twin.choose(obs, moves, count)
        assert (lent.iterations, lent.rng.s1, lent.rng.s2, lent.rng.s3) == \
            (twin.iterations, twin.rng.s1, twin.rng.s2, twin.rng.s3)
        state.apply(moves[chooser.randrange(count)])
