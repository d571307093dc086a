"""The master bot (engine/bots/master.py, inference.py, endgame.py): legal moves in several
presets, the endgame solver against brute force, inference that never rules out a card its
holder really holds, determinizations that respect the hand counts, and its edge over greedy
on duplicate deals."""

from __future__ import annotations

import itertools
from array import array

import pytest

from conftest import cards, position
from engine import observe, scoring
from engine.bots import endgame, master
from engine.bots.endgame import MAX_HAND, Solver
from engine.bots.greedy import GreedyBot
from engine.bots.inference import load_position
from engine.bots.master import ENDGAME, EXACT, ONLY_MOVE, MasterBot
from engine.bots.reasons import MASTER
from engine.layout import DEALT, PLAY
from engine.moves import MAX_CARD_MOVES, MAX_MOVES
from engine.play import play_match
from engine.rng import Rng
from engine.rules import Rules
from engine.state import State


class Checked:
    """Wraps a bot: every choice must be legal, and obs and moves must be left unchanged."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.needs_observation = True
        self.choices = 0

    def choose(self, obs, moves, count):
        offered = list(moves[:count])
        before = bytes(obs)
        move = self.bot.choose(obs, moves, count)
        assert move in offered
        assert list(moves[:count]) == offered and bytes(obs) == before
        assert 0 <= self.bot.reason < len(MASTER)
        self.choices += 1
        return move

    def wants_declare(self, obs):
        return self.bot.wants_declare(obs)

    def reset(self, seed):
        self.bot.reset(seed)


@pytest.mark.parametrize("preset, overrides", [
    ("chitarrella", {}),
    ("dieci", {}),
    ("assi", {}),
    ("chitarrella", {"declare_out": True, "forced_capture": "turn"}),
    ("assi", {"ace_may_decline": True, "sum_choice": "fewest_cards"}),
])
def test_master_chooses_only_legal_moves(preset, overrides):
    rules = Rules(preset, overrides)
    state = State(rules)
    moves = [0] * MAX_MOVES
    obs = bytearray(observe.SIZE)
    choices = 0
    for seed in range(2):
        bots = [Checked(MasterBot(rules, seed * 4 + seat, iterations=8)) if seat % 2 == seed
                else GreedyBot(rules) for seat in range(4)]
        state.new_match(300 + seed)
        play_match(state, bots, moves, obs)
        assert state.is_terminal()
        choices += sum(bot.choices for bot in bots if isinstance(bot, Checked))
    assert choices > 30


def test_master_names_the_only_legal_move():
    state = position(("7d", "Kc", "4b", "5b"), "", turn=0, ply=32)
    bot = MasterBot(state.rules)
    move = _choose(bot, state)
    assert move & 63 == 6 and bot.reason == ONLY_MOVE
    assert MASTER[0] == "" and all(MASTER[1:])


# -- the endgame solver ---------------------------------------------------------------------


def _brute_force(state: State, team: int) -> int:
    """Plain minimax, no pruning: the side's points minus the other side's."""
    if state.phase != PLAY:
        points = array("h", [0] * scoring.SIZE)
        state.score_hand(points)
        return points[scoring.TOTAL + team] - points[scoring.TOTAL + 1 - team]
    moves = [0] * MAX_MOVES
    values = []
    for move in moves[:state.legal_moves(moves)]:
        state.apply(move)
        values.append(_brute_force(state, team))
        state.undo()
    return max(values) if state.turn & 1 == team else min(values)


def solvable(state: State) -> bool:
    """Whether the master bot would solve ``state`` (engine/bots/endgame.py ``solvable``)."""
    obs = bytearray(observe.SIZE)
    state.observe(state.turn, obs)
    return endgame.solvable(obs, state.rules.plies - state.ply)


def _check_solver(state: State) -> list:
    moves = [0] * MAX_MOVES
    count = state.legal_moves(moves)
    values = [0] * MAX_MOVES
    solver = Solver()
    assert solvable(state)
    assert solver.move_values(state, moves, count, values)
    team = state.turn & 1
    expected = []
    for i in range(count):
        state.apply(moves[i])
        expected.append(_brute_force(state, team))
        state.undo()
    assert list(values[:count]) == expected
    return expected


def test_endgame_solver_keeps_the_scopa_from_the_opponent():
    # Seat 0 holds 5d and 2c on a table of 3b. Taking nothing (trailing 2c) leaves 3 + 2 = 5
    # for seat 1's 5s; trailing 5d leaves 8, which nobody can sweep.
    state = position(("5d 2c", "5s 4c", "Jd Jc", "Kb Ks"), "3b", turn=0, ply=28)
    values = _check_solver(state)
    assert len(values) == 2


def test_endgame_solver_sizes_its_buffers_by_the_cards_to_play():
    # With 4 plies left each seat plays once: a seat holding two cards is no real position,
    # and the one-card buffer for that ply could not hold its moves.
    assert not solvable(position(("5d 2c", "5s", "Jd", "Kb"), "3b", turn=0, ply=32))
    assert solvable(position(("5d", "5s", "Jd", "Kb"), "3b", turn=0, ply=32))
    assert [len(buffer) for buffer in Solver().buffers] == [0] + [26] * 4 + [52] * 4
    # the master bot's values of the moves searched hold every move of an endgame hand
    assert len(MasterBot(Rules("chitarrella")).total) == MAX_CARD_MOVES * MAX_HAND


@pytest.mark.parametrize("cards", [1, 2])
def test_endgame_solver_buffers_hold_the_most_moves_a_hand_can_have(cards):
    # equal_card_priority off: each king takes the Ks on the table or any of the 25 sums of
    # 3 3 3 3 A 2 4 5 7 J (tests/test_capture.py's worst case): 26 moves a king
    others = ("Qd Qc Qb", "6d 6c 6b", "Jc Jb Js")
    hands = ["Kd Kc Kb"[:3 * cards - 1]] + [hand[:3 * cards - 1] for hand in others]
    state = position(hands, "3d 3c 3b 3s Ad 2d 4d 5d 7d Jd Ks", turn=0, ply=36 - 4 * cards,
                     equal_card_priority=False)
    solver = Solver()
    assert solvable(state)
    left = state.rules.plies - state.ply
    assert state.legal_moves(solver.buffers[left]) == cards * MAX_CARD_MOVES
    values = [0] * MAX_MOVES
    moves = [0] * MAX_MOVES
    count = state.legal_moves(moves)
    solver.move_values(state, moves, count, values, limit=20000)  # every buffer holds its moves


def test_endgame_solver_last_round_exact():
    state = position(("7d", "7c", "Qb", "Ks"), "7s 3b", turn=0, ply=32)
    _check_solver(state)


@pytest.mark.parametrize("preset", ["chitarrella", "dieci", "assi"])
def test_endgame_solver_matches_brute_force_on_played_out_deals(preset):
    rules = Rules(preset)
    state = State(rules)
    rng = Rng(7)
    moves = [0] * MAX_MOVES
    checked = 0
    for seed in range(12):
        state.new_match(seed)
        while state.deal() != DEALT:
            pass
        remaining = 5 + seed % 4  # 5 to 8 plays left
        while rules.plies - state.ply > remaining:
            state.apply(moves[rng.below(state.legal_moves(moves))])
        _check_solver(state)
        checked += 1
    assert checked == 12


def test_master_plays_the_exact_endgame_move():
    # With two plays left only one other seat holds a card, and counting tells which: the
    # master's choice must be the solver's best on the true position.
    rules = Rules("chitarrella")
    state = State(rules)
    greedy = GreedyBot(rules)
    obs = bytearray(observe.SIZE)
    moves = [0] * MAX_MOVES
    values = [0] * MAX_MOVES
    found = 0
    for seed in range(400):
        state.new_match(seed)
        while state.deal() != DEALT:
            pass
        while rules.plies - state.ply > 2:
            state.observe(state.turn, obs)
            state.apply(greedy.choose(obs, moves, state.legal_moves(moves)))
        count = state.legal_moves(moves)
        if count < 2:
            continue
        bot = MasterBot(rules, seed)
        move = _choose(bot, state)
        assert bot.reason == EXACT
        Solver().move_values(state, moves, count, values)
        assert values[list(moves[:count]).index(move)] == max(values[:count])
        found += 1
        if found == 3:
            break
    assert found == 3


def test_master_solves_the_last_two_rounds_of_a_dealt_hand_only():
    rules = Rules("chitarrella")
    state = State(rules)
    greedy = GreedyBot(rules)
    bot = MasterBot(rules, 1)  # normal's budget, which solves a deal of the last two rounds
    obs = bytearray(observe.SIZE)
    moves = [0] * MAX_MOVES
    state.new_match(3)
    while state.deal() != DEALT:
        pass
    solved = 0
    while state.phase == PLAY:
        state.observe(state.turn, obs)
        left = rules.plies - state.ply
        assert endgame.solvable(obs, left) == (left <= 8)  # the last two rounds
        count = state.legal_moves(moves)
        if count > 1:  # a single move is played without a thought
            bot.choose(obs, moves, count)
            assert (bot.reason in (EXACT, ENDGAME)) == (left <= 8), left
            solved += left <= 8
        state.apply(greedy.choose(obs, moves, count))
    assert solved >= 2


def test_master_searches_a_hand_made_position_that_leaves_a_seat_short():
    # Eight plays left, but the last seat holds no card: the engine stops the hand there, so
    # the solver, which plays every hand out, must not take it (it played from an empty
    # move buffer and raised IndexError).
    state = position(hands=("7d 5c", "2b", "3s", ""), table="2d Kc", turn=0, ply=32)
    bot = MasterBot(state.rules, 1)
    move = _choose(bot, state)
    assert bot.reason != EXACT
    moves = [0] * MAX_MOVES
    assert move in moves[:state.legal_moves(moves)]


class Teaching:
    """Greedy everywhere; before each choice, ranks the moves as the master bot does and
    checks that the Chitarrella player's move is among those it searches."""

    def __init__(self, rules) -> None:
        self.greedy = GreedyBot(rules)
        self.probe = MasterBot(rules, 5)  # normal: two searched candidates
        self.needs_observation = True
        self.ranked = 0
        self.moved = 0  # choices where the greedy ranking had left that move out

    def choose(self, obs, moves, count):
        probe = self.probe
        load_position(probe.state, obs)
        probe.inference.update(obs)
        searched = probe._rank(obs, moves, count)
        if searched < count:
            ranked = bytes(probe.candidates[:count])
            wanted = probe.teacher.choose(obs, moves, count)
            probe._teach(obs, moves, count, searched)
            order = bytes(probe.candidates[:count])
            assert sorted(order) == list(range(count))  # the same moves, reordered
            assert wanted in [moves[i] for i in order[:searched]]
            assert order[:searched - 1] == ranked[:searched - 1]  # the best greedy ones stay
            self.moved += order != ranked
            self.ranked += 1
        return self.greedy.choose(obs, moves, count)

    def wants_declare(self, obs):
        return False


def test_the_chitarrella_players_move_is_always_searched():
    rules = Rules("chitarrella")
    state = State(rules)
    teaching = Teaching(rules)
    state.new_match(41)
    play_match(state, [teaching, GreedyBot(rules)] * 2, [0] * MAX_MOVES,
               bytearray(observe.SIZE))
    assert teaching.ranked > 50 and teaching.moved > 5


# -- inference and determinization ----------------------------------------------------------


def _choose(bot, state: State) -> int:
    obs = bytearray(observe.SIZE)
    state.observe(state.turn, obs)
    moves = [0] * MAX_MOVES
    return bot.choose(obs, moves, state.legal_moves(moves))


class Inspector:
    """Greedy everywhere; before each choice, checks what the seat to play may infer."""

    def __init__(self, rules, state: State) -> None:
        self.state = state
        self.greedy = GreedyBot(rules)
        self.probe = MasterBot(rules, 5)
        self.needs_observation = True
        self.positions = 0
        self.excluded = 0

    def choose(self, obs, moves, count):
        state = self.state
        inference = self.probe.inference
        for _ in range(3):
            self.probe.determinize(obs)
            deal = self.probe.state
            for seat in range(4):
                assert deal.hand_count[seat] == state.hand_count[seat]
            assert sorted(deal.hand_cards(state.turn)) == sorted(state.hand_cards(state.turn))
            assert deal.table_cards() == state.table_cards()
            dealt = sorted(c for s in range(4) for c in deal.hand_cards(s))
            assert dealt == sorted(c for s in range(4) for c in state.hand_cards(s))
            for seat in range(4):
                if seat != state.turn:
                    for card in deal.hand_cards(seat):
                        assert inference.allowed(seat, card)  # hard constraints hold
        for card in range(40):
            holder = state.where[card]
            if holder < 4 and holder != state.turn:
                assert obs[observe.CARD + card] == observe.UNSEEN
                assert inference.allowed(holder, card), "the true holder was ruled out"
                for seat in range(4):
                    if seat != state.turn and state.hand_count[seat]:
                        self.excluded += not inference.allowed(seat, card)
        self.positions += 1
        return self.greedy.choose(obs, moves, count)

    def wants_declare(self, obs):
        return False


@pytest.mark.parametrize("preset, overrides", [
    ("chitarrella", {}),
    ("chitarrella", {"forced_capture": "turn"}),
    ("assi", {"forced_capture": "turn"}),
])
def test_inference_never_rules_out_the_true_holder(preset, overrides):
    rules = Rules(preset, overrides)
    state = State(rules)
    inspector = Inspector(rules, state)
    for seed in range(3):
        state.new_match(900 + seed)
        play_match(state, [inspector] * 4, [0] * MAX_MOVES,
                   bytearray(observe.SIZE))
    assert inspector.positions > 300
    if overrides:  # forced_capture=turn: a trail tells what the seat did not hold
        assert inspector.excluded > 0


# -- strength -------------------------------------------------------------------------------


def _duplicate_points(preset: str, deals: int, iterations: int) -> tuple:
    """Points per hand of master and greedy, each deal played twice with the sides swapped."""
    rules = Rules(preset)
    state = State(rules)
    moves = [0] * MAX_MOVES
    obs = bytearray(observe.SIZE)
    points = array("h", [0] * scoring.SIZE)
    greedy = GreedyBot(rules)
    totals = [0, 0]  # master, greedy
    for deal in range(deals):
        for master_team in range(2):
            state.new_match(deal + 1)
            while state.deal() != DEALT:
                pass
            bots = [MasterBot(rules, deal * 4 + seat, iterations) if seat % 2 == master_team
                    else greedy for seat in range(4)]
            while state.phase == PLAY:
                state.observe(state.turn, obs)
                count = state.legal_moves(moves)
                state.apply(bots[state.turn].choose(obs, moves, count))
            state.score_hand(points)
            totals[0] += points[scoring.TOTAL + master_team]
            totals[1] += points[scoring.TOTAL + 1 - master_team]
    return totals[0] / (2 * deals), totals[1] / (2 * deals)


def test_master_beats_greedy_on_duplicate_deals():
    master, greedy = _duplicate_points("chitarrella", 100, 20)  # 20 playouts: about 5 ms
    assert master - greedy > 0.25, f"master {master:.2f} vs greedy {greedy:.2f} a hand"


# -- the endgame's deals ----------------------------------------------------------------------


def _endgame_positions(preset: str, overrides: dict, left: int, wanted: int):
    """(state, obs) at ``left`` plays from the end of greedy-played hands, ``wanted`` of them
    with a choice to make."""
    rules = Rules(preset, overrides)
    state = State(rules)
    greedy = GreedyBot(rules)
    obs = bytearray(observe.SIZE)
    moves = [0] * MAX_MOVES
    found = 0
    for seed in range(200):
        state.new_match(700 + seed)
        while state.deal() != DEALT:
            pass
        while rules.plies - state.ply > left:
            state.observe(state.turn, obs)
            state.apply(greedy.choose(obs, moves, state.legal_moves(moves)))
        if state.legal_moves(moves) < 2:
            continue
        state.observe(state.turn, obs)
        yield state, obs
        found += 1
        if found == wanted:
            return


def _every_deal(inference) -> list:
    """Brute force: each way to give the unseen cards to seats the rules let hold them, every
    seat's room filled, as a tuple of owners in ``inference.unseen`` order."""
    cards = list(inference.unseen[:inference.count])
    deals = []
    for owners in itertools.product(range(5), repeat=len(cards)):
        allowed = all(inference.weight[seat * 40 + card]
                      for seat, card in zip(owners, cards, strict=True))
        if allowed and all(owners.count(seat) == inference.room[seat] for seat in range(5)):
            deals.append(owners)
    return deals


@pytest.mark.parametrize("preset, overrides", [("chitarrella", {}),
                                               ("chitarrella", {"forced_capture": "turn"}),
                                               ("dieci", {})])
@pytest.mark.parametrize("left", [5, 7, 8])
def test_inference_lists_every_consistent_deal_once(preset, overrides, left):
    for state, obs in _endgame_positions(preset, overrides, left, 4):
        inference = MasterBot(state.rules).inference
        inference.update(obs)
        listed = []
        more = inference.next_deal(True)
        while more:
            listed.append(tuple(inference.owner[card]
                                for card in inference.unseen[:inference.count]))
            more = inference.next_deal(False)
        every = _every_deal(inference)
        assert sorted(listed) == sorted(every) and len(set(listed)) == len(listed)
        assert inference.count_deals(1000) == len(every)
        assert inference.count_deals(3) == min(len(every), 4)  # no further than most + 1


def test_master_solves_every_deal_when_the_budget_holds_them():
    # Six plays left: 12 deals or fewer, which the hard budget solves all of. The choice is
    # then the best by the exact average (weighted by the evidence) whatever the seed.
    solver = Solver()
    values = [0] * MAX_MOVES
    for state, obs in _endgame_positions("chitarrella", {}, 6, 4):
        moves = [0] * MAX_MOVES
        count = state.legal_moves(moves)
        bot = MasterBot(state.rules, 1, 64)
        inference = bot.inference
        load_position(bot.state, obs)
        inference.update(obs)
        average = [0] * count
        for owners in _every_deal(inference):
            for card, seat in zip(inference.unseen[:inference.count], owners, strict=True):
                inference.owner[card] = seat
            inference.place(bot.state)
            solver.move_values(bot.state, moves, count, values)
            for i in range(count):
                average[i] += values[i] * inference.deal_weight()
        best = {moves[i] for i in range(count) if average[i] == max(average)}
        for seed in range(1, 6):
            bot = MasterBot(state.rules, seed, 64)
            assert bot.choose(obs, moves, count) in best
            assert bot.playouts == len(_every_deal(bot.inference))


def _spy_on_the_solver(bot) -> tuple:
    """Spy on ``bot``'s solver. Returns the three lists the spy fills: the deals solved
    (their owners, as bytes), the position limit of each call, and the positions each
    call used."""
    solved = []
    limits = []
    used = []
    move_values = bot.solver.move_values

    def spy(*args):
        limits.append(args[-1])
        done = move_values(*args)
        used.append(bot.solver.nodes)
        if done:
            solved.append(bytes(bot.inference.owner))
        return done

    bot.solver.move_values = spy
    return solved, limits, used


def test_master_draws_distinct_deals_when_they_are_too_many_to_solve():
    # Eight plays left: up to 90 deals, more than the budget solves. Every deal solved counts
    # (none only to measure the cost), they all differ, and together they keep to the budget
    # the first is given: the solver positions of the deals solved, and of one it gave up on.
    for state, obs in _endgame_positions("chitarrella", {}, 8, 6):
        moves = [0] * MAX_MOVES
        count = state.legal_moves(moves)
        bot = MasterBot(state.rules, 3, 64)
        solved, limits, used = _spy_on_the_solver(bot)
        bot.choose(obs, moves, count)
        assert 1 < len(solved) < len(_every_deal(bot.inference))
        assert len(set(solved)) == len(solved) == bot.playouts
        assert sum(used) <= limits[0] + 1  # a deal given up on stops one position past


def test_master_draws_deals_at_random_when_they_are_too_many_to_list():
    # A set-up position in the last two rounds with most cards out of play: any of the 32
    # cards seat 0 cannot see may be in another hand, far too many deals to list. The bot
    # solves deals drawn at random, within the same budget.
    state = position(("7d 3c", "Kb 2s", "Qc 4d", "Jb 5s"), "Ac 6b", turn=0, ply=28)
    obs = bytearray(observe.SIZE)
    state.observe(0, obs)
    moves = [0] * MAX_MOVES
    count = state.legal_moves(moves)
    bot = MasterBot(state.rules, 5, 64)
    solved, limits, used = _spy_on_the_solver(bot)
    move = bot.choose(obs, moves, count)
    assert move in moves[:count] and bot.reason == ENDGAME
    assert 1 < len(solved) == bot.playouts
    assert sum(used) <= limits[0] + 1


def _takes(napola: str, seeds) -> list:
    """What the master bot (20 iterations) plays, for each seed, where its seven can take
    the 7c and its three the 3d."""
    taken = []
    for seed in seeds:
        state = position(("7b 3s 5c", "5b 6s 4c", "Jb 2s Qc", "Kb Js 6c"), "7c 3d",
                         napola=napola)
        obs = bytearray(observe.SIZE)
        state.observe(0, obs)
        moves = [0] * MAX_MOVES
        move = MasterBot(state.rules, seed, 20).choose(obs, moves, state.legal_moves(moves))
        taken.append(state.taken_cards(move))
    return taken


def test_under_napola_the_ace_two_and_three_of_coins_are_worth_taking():
    # RULES §5.3: the 3d starts the napola's run. Without napola the seven of cups (primiera)
    # is the better take; with it, the 3d (its worth in master.py's _NAPOLA).
    seeds = range(1, 11)
    three, seven = cards("3d"), cards("7c")
    assert _takes("off", seeds).count(seven) >= 9
    assert _takes("full", seeds).count(three) >= 8


def _race(score) -> State:
    """Arena match 118's fifth hand (chitarrella+tre_gradi, declaring out, target 11) as seat
    2 leads: its 7d can take the settebello (7b) on a table of Ac 4b Ad 7b."""
    state = position(("5s 4c As Kd 2d 6s 5b Jc 4d", "Jd Qd 6b Ab Jb Qs 6c Kc 5d",
                      "Qc 3s 2b Ks 7d 4s Qb Kb 5c", "6d 2c 7c 3b 7s 2s Js 3d 3c"),
                     "Ac 4b Ad 7b", turn=2, preset="chitarrella+tre_gradi", declare_out=True)
    state.score[0], state.score[1] = score
    return state


@pytest.mark.parametrize("seed", range(1, 6))
def test_a_take_that_secures_the_match_comes_first(seed):
    # At 10-9 the settebello is the point the side needs: secured, its partner declares out
    # at the next turn and wins (C-26; RULES §6.4). The search, which weighs the hand alone,
    # mostly played 2b taking the two aces, and the other side went on to win the match.
    state = _race((10, 9))
    obs = bytearray(observe.SIZE)
    state.observe(2, obs)
    moves = [0] * MAX_MOVES
    bot = MasterBot(state.rules, seed, 20)
    move = bot.choose(obs, moves, state.legal_moves(moves))
    assert state.taken_cards(move) == cards("7b") and bot.reason == master.WINS
    state.apply(move)
    state.legal_moves(moves)
    state.apply(moves[0])  # whatever the next seat plays
    state.observe(0, obs)  # the partner, at the next turn
    assert observe.may_declare_out(obs, state.rules) and state.declare()


def test_far_from_the_target_the_hand_decides():
    state = _race((0, 0))
    obs = bytearray(observe.SIZE)
    state.observe(2, obs)
    moves = [0] * MAX_MOVES
    bot = MasterBot(state.rules, 1, 20)
    bot.choose(obs, moves, state.legal_moves(moves))
    assert bot.reason != master.WINS


def test_no_sure_win_when_the_other_side_has_secured_enough_first():
    # At 10-10 the other side holds a scopa: 11 secured, it declares at its turn, which
    # comes before the partner's, so taking the settebello wins nothing for seat 2's side.
    state = _race((10, 10))
    state.scope[1] = 1
    obs = bytearray(observe.SIZE)
    state.observe(2, obs)
    assert observe.may_declare_out(obs, state.rules) is False  # seat 2's side has 10
    moves = [0] * MAX_MOVES
    bot = MasterBot(state.rules, 1, 20)
    bot.choose(obs, moves, state.legal_moves(moves))
    assert bot.reason != master.WINS


def test_no_sure_win_on_the_hands_last_two_plays():
    # The settebello taken on the last play but one: the side has no turn left to declare
    # at, and the hand is scored as usual (here both sides might reach the target).
    state = position(("", "", "7d", "5s"), "7b 7c", turn=2, ply=34,
                     preset="chitarrella+tre_gradi", declare_out=True)
    state.score[0], state.score[1] = 10, 10
    obs = bytearray(observe.SIZE)
    state.observe(2, obs)
    moves = [0] * MAX_MOVES
    bot = MasterBot(state.rules, 1, 20)
    count = state.legal_moves(moves)
    assert count == 2
    bot.choose(obs, moves, count)
    assert bot.reason != master.WINS


def _scores(state, played: str, taken: str) -> tuple[int, int]:
    """The master bot's greedy score of seat 0's move (``played`` taking ``taken``), with the
    sweep the next seat may then make and without it."""
    bot = MasterBot(state.rules, 1)
    obs = bytearray(observe.SIZE)
    state.observe(0, obs)
    load_position(bot.state, obs)
    bot.inference.update(obs)
    bot._chances(obs)
    move = state.move_for(cards(played)[0], cards(taken))
    return tuple(bot._score(move, bot._table(), bot.state.table_count, False, risk)
                 for risk in (True, False))


def test_the_sweep_risk_is_a_card_of_the_table_s_value():
    # 5b taking Ac 4s leaves Qb Jb (17), which no card of one value sweeps; 2b taking the 2c
    # leaves the Ab, which an ace takes (C-14). Where an ace sweeps any table and scores
    # (RULES §7) the bot still counts no risk for 17, and in assi, where aces never make a
    # scopa, it still counts one for the lone ace: both played better (master.py _score).
    others = ("Ad 3c", "6s 2d", "7c Kd")
    for overrides in ({}, {"ace_sweep": True, "ace_sweep_scores_scopa": True}):
        with_risk, without = _scores(position(("5b Jc",) + others, "Ac 4s Qb Jb",
                                              **overrides), "5b", "Ac 4s")
        assert with_risk == without
    for preset in ("chitarrella", "assi"):
        with_risk, without = _scores(position(("2b 5s",) + others, "Ab 2c", preset=preset),
                                     "2b", "2c")
        assert with_risk < without
