"""Bots (engine/bots/): legality over many seeded matches, greedy's preferences in hand-made
positions (C-14, C-16, RULES §6.4), make_bot, and greedy's edge over random."""

from __future__ import annotations

from array import array

import pytest

from conftest import cards, names, play, position
from engine import observe
from engine.bots import BOT_NAMES, make_bot
from engine.cards import card_name
from engine.match import DECLARED
from engine.moves import MAX_MOVES
from engine.play import play_match
from engine.rules import Rules
from engine.state import State
from sim.selfplay import run_selfplay

MATCHES = 25  # seeded matches per preset and declare_out setting
PRESETS = ["chitarrella", "figs", "dieci", "assi", "veneto", "tre_gradi", "dieci+tre_gradi",
           "assi+veneto"]


class Checked:
    """Wraps a bot: every choice must be one of the legal moves it was offered, and the bot
    must leave the observation and the move buffer as it found them."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.needs_observation = bot.needs_observation
        self.choices = 0
        self.declared = 0

    def choose(self, obs, moves, count):
        assert 1 <= count <= MAX_MOVES
        offered = list(moves[:count])
        before = bytes(obs)
        move = self.bot.choose(obs, moves, count)
        assert move in offered, f"{move} is not among the legal moves {offered}"
        assert list(moves[:count]) == offered and bytes(obs) == before
        self.choices += 1
        return move

    def wants_declare(self, obs):
        before = bytes(obs)
        wants = self.bot.wants_declare(obs)
        assert bytes(obs) == before
        self.declared += wants
        return wants


@pytest.mark.parametrize("declare_out", [False, True])
@pytest.mark.parametrize("preset", PRESETS)
def test_bots_choose_only_legal_moves(preset, declare_out):
    rules = Rules(preset, {"declare_out": declare_out})
    state = State(rules)
    moves = [0] * MAX_MOVES
    obs = bytearray(observe.SIZE)
    choices = declared = 0
    for seed in range(MATCHES):
        line_up = ("greedy", "random") if seed % 2 else ("random", "greedy")
        bots = [Checked(make_bot(line_up[seat % 2], rules, seed * 4 + seat))
                for seat in range(4)]
        state.new_match(1000 + seed)
        play_match(state, bots, moves, obs)
        assert state.is_terminal()
        choices += sum(bot.choices for bot in bots)
        declared += sum(bot.declared for bot in bots)
    assert choices > MATCHES * 36
    # Greedy declares out (RULES §6.4) only where the rules allow it, and then it does.
    assert (declared > 0) == declare_out


def test_random_bots_choose_only_legal_moves_with_odd_rules():
    rules = Rules("assi", {"ace_may_decline": True, "ace_with_ace_on_table": "sweeps",
                           "forced_capture": "turn", "sum_choice": "fewest_cards"})
    state = State(rules)
    for seed in range(6):
        bots = [Checked(make_bot("random", rules, seed * 4 + seat)) for seat in range(4)]
        state.new_match(seed)
        play_match(state, bots, [0] * MAX_MOVES, bytearray(observe.SIZE))
        assert state.is_terminal()


def greedy_choice(state: State) -> tuple[str, str]:
    """Greedy's move for the seat to play, as ("card", "taken cards")."""
    obs = bytearray(observe.SIZE)
    state.observe(state.turn, obs)
    moves = [0] * MAX_MOVES
    count = state.legal_moves(moves)
    move = make_bot("greedy", state.rules).choose(obs, moves, count)
    return card_name(move & 63), names(state.taken_cards(move))


def test_greedy_takes_a_scopa():
    # C-14: 7s takes 2 + 5 and clears the table; 2d would take only the 2b.
    assert greedy_choice(position(("2d 7s Kc", "", "", ""), "2b 5c")) == ("7s", "2b 5c")


def test_greedy_takes_a_scopa_rather_than_an_equal_card():
    # 3d must take the 3b alone (C-11) and leaves A + 2; 6s takes A + 2 + 3 and sweeps.
    assert greedy_choice(position(("3d 6s", "", "", ""), "Ac 2c 3b")) == ("6s", "Ac 2c 3b")


def test_greedy_takes_a_scopa_rather_than_the_settebello_alone():
    # Kc sweeps 7c + 3b: a point and three cards. 7d taking 7c keeps the settebello safe but
    # is a single point; the 3b it leaves cannot be swept (every other three is in hand).
    state = position(("Kc 7d 3d 3c 3s", "", "", ""), "7c 3b")
    assert greedy_choice(state) == ("Kc", "7c 3b")


def test_greedy_prefers_the_settebello():
    # C-16: the 7d is a point by itself; either seven may be taken (C-11).
    assert greedy_choice(position(("7s", "", "", ""), "7c 7d Kb")) == ("7s", "7d")
    assert greedy_choice(position(("7s", "", "", ""), "7d 7c Kb")) == ("7s", "7d")
    # ... and over a capture of more cards.
    assert greedy_choice(position(("6c 7s", "", "", ""), "7d 2b 4c Kb")) == ("7s", "7d")
    # ... even three denari: the king may take 2d + 3d + 5d or 7d + 3d.
    card, taken = greedy_choice(position(("7s Kc", "", "", ""), "7d 2d 3d 5d Qb"))
    assert "7d" in taken.split()


def test_greedy_avoids_leaving_a_sweep():
    # Taking the 5c leaves the 3b alone and three threes are unseen: trail the cavallo instead
    # (5 + 3 + 9 = 17 cannot be swept).
    assert greedy_choice(position(("5s Qd", "", "", ""), "5c 3b")) == ("Qd", "")
    # With every other three in its own hand nobody can sweep the 3b: take the 5.
    assert greedy_choice(position(("5s Qd 3d 3c 3s", "", "", ""), "5c 3b")) == ("5s", "5c")


def test_greedy_trails_the_card_that_leaves_no_sweep():
    # 2b would leave 3 + 2 = 5 (a five sweeps); the king leaves 13.
    assert greedy_choice(position(("2b Kc", "", "", ""), "3s")) == ("Kc", "")


def test_greedy_prefers_the_capture_that_leaves_no_sweep():
    # 6d takes 2 + 4 but leaves the cavallo alone; 4c takes the 4s and leaves 2 + 9 = 11.
    assert greedy_choice(position(("6d 4c", "", "", ""), "2b 4s Qs")) == ("4c", "4s")


# The ace rules of RULES §7 where an ace's sweep scores a scopa (§10 rows 25, 26).
ACES_SCORE = {"ace_sweep": True, "ace_sweep_scores_scopa": True}


@pytest.mark.parametrize(("overrides", "table", "risky"), [
    ({}, "Qb Jb", False),  # 17: nothing sweeps it
    ({}, "2b 3s", True),  # a five sweeps it (C-14)
    (ACES_SCORE, "Qb Jb", False),  # an ace would, but counting that played worse (greedy.py)
    ({}, "Ab", True),  # a lone ace: an ace takes it for a scopa (C-14)
    ({"ace_sweep": True}, "Ab", False),  # assi: aces never make a scopa (§10 row 28a)
    ({"ace_sweep": True, "ace_never_scopa": False}, "Ab", True),  # an ordinary equal take
    ({"ace_sweep": True, "ace_never_scopa": False, "ace_with_ace_on_table": "sweeps"}, "Ab",
     False),  # the ace's take is then a sweep, which scores nothing
    (dict(ACES_SCORE, ace_with_ace_on_table="sweeps"), "Ab", True),  # a sweep that scores
])
def test_greedy_weighs_a_sweep_as_the_rules_score_it(overrides, table, risky):
    # The seat holds every king, so a table adding up to 10 is safe from a king.
    state = position(("Kd Kc Kb Ks", "", "", ""), table, **overrides)
    obs = bytearray(observe.SIZE)
    state.observe(0, obs)
    total = sum(card % 10 + 1 for card in cards(table))
    assert make_bot("greedy", state.rules).sweepable(obs, total) is risky


def test_greedy_leaves_a_lone_ace_where_aces_never_make_a_scopa():
    # 2b taking the 2c leaves the Ab alone; trailing the Kd leaves 13, which nothing sweeps.
    # An ace takes a lone ace for a scopa (C-14), but not in assi (§10 row 28a).
    hands = ("2b Kd", "", "", "")
    assert greedy_choice(position(hands, "Ab 2c", deal_shape="9+4")) == ("Kd", "")
    assert greedy_choice(position(hands, "Ab 2c", preset="assi", deal_shape="9+4")) == \
        ("2b", "2c")


def _declaring_position(score: int) -> State:
    """Team 0 has taken the settebello with a scopa (2 secured points) and holds ``score``."""
    state = position(("7s 2d", "Kc 3c", "4b Jd", "5b Jc"), "7d", declare_out=True,
                     grades="tre_gradi")
    state.score[0] = score
    play(state, "7s", "7d")  # settebello and scopa
    return state


def _wants_declare(state: State) -> bool:
    obs = bytearray(observe.SIZE)
    state.observe(state.turn, obs)
    return make_bot("greedy", state.rules).wants_declare(obs)


def test_greedy_declares_out_when_secured_points_reach_the_target():
    state = _declaring_position(9)
    assert state.turn == 1 and not _wants_declare(state)  # team 1 has nothing secured
    play(state, "3c")
    assert state.turn == 2 and _wants_declare(state)  # 9 + 2 = 11 (C-26)


def test_greedy_does_not_declare_short_of_the_target():
    state = _declaring_position(8)
    play(state, "3c")
    assert not _wants_declare(state)  # 8 + 2 = 10


def test_greedy_declares_in_the_match_loop_and_the_claim_holds():
    state = _declaring_position(9)
    declarations = []

    class Listener:
        def declare(self, state, seat, held):
            declarations.append((seat, held))

        def __getattr__(self, name):
            return lambda *args: None

    bots = [make_bot("greedy", state.rules) for _ in range(4)]
    play_match(state, bots, [0] * MAX_MOVES, bytearray(observe.SIZE), Listener())
    assert declarations == [(2, True)]
    assert state.match.winner == 0 and state.match.reason == DECLARED
    assert state.score[0] >= 11


def test_greedy_never_declares_when_declaring_out_is_off():
    state = position(("7s 2d", "Kc 3c", "4b Jd", "5b Jc"), "7d")
    state.score[0] = 10
    play(state, "7s", "7d")
    play(state, "3c")
    assert not _wants_declare(state)


def test_random_bot_never_declares():
    state = _declaring_position(10)
    obs = bytearray(observe.SIZE)
    state.observe(state.turn, obs)
    assert not make_bot("random", state.rules, 5).wants_declare(obs)


@pytest.mark.parametrize("name", ["", "Greedy", "ismcts", "random "])
def test_make_bot_rejects_an_unknown_name(name):
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot(name, Rules("chitarrella"))


@pytest.mark.parametrize("name", BOT_NAMES)
def test_make_bot_builds_every_known_bot(name):
    bot = make_bot(name, Rules("chitarrella"), 3)
    assert callable(bot.choose) and callable(bot.wants_declare) and callable(bot.reset)
    assert isinstance(bot.needs_observation, bool)


def test_random_bot_is_seeded_and_uniform():
    moves = array("i", range(5))
    obs = bytearray(observe.SIZE)
    first = make_bot("random", Rules("chitarrella"), 42)
    picks = [first.choose(obs, moves, 5) for _ in range(2000)]
    assert all(300 <= picks.count(m) <= 500 for m in range(5))  # about 400 each
    second = make_bot("random", Rules("chitarrella"), 42)
    assert [second.choose(obs, moves, 5) for _ in range(2000)] == picks
    second.reset(42)
    assert [second.choose(obs, moves, 5) for _ in range(50)] == picks[:50]
    other = make_bot("random", Rules("chitarrella"), 43)
    assert [other.choose(obs, moves, 5) for _ in range(50)] != picks[:50]


@pytest.mark.parametrize("preset", ["chitarrella", "dieci"])
def test_greedy_beats_random(preset):
    greedy_first = run_selfplay(preset, 500, 100, ["greedy", "random", "greedy", "random"])
    random_first = run_selfplay(preset, 700, 100, ["random", "greedy", "random", "greedy"])
    greedy_wins = greedy_first.wins[0] + random_first.wins[1]
    random_wins = greedy_first.wins[1] + random_first.wins[0]
    assert greedy_wins + random_wins == 200
    assert greedy_wins >= 170, f"greedy won only {greedy_wins} of 200"
    assert greedy_first.points[0] > 2 * greedy_first.points[1]
