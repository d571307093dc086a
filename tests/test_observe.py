"""Observations (engine/observe.py): what one seat may see (C-14, C-27; RULES §4.6).

Scripted positions check each field; random matches compare every seat's observation at every
ply with one rebuilt from public information and the seat's own hand only, so no byte may
depend on another seat's hand or on which pile holds a captured card.
"""

from __future__ import annotations

import random
from array import array
from types import SimpleNamespace

import pytest

from conftest import cards, play, position
from engine import observe, scoring
from engine import secured as engine_secured
from engine.cards import NO_CARD, parse_card
from engine.layout import DEAL, DEALT, HAND_OVER, PILE, PLAY, TERMINAL
from engine.moves import MAX_MOVES
from engine.rules import Rules
from engine.state import State

NOBODY = observe.NOBODY


def seen(state: State, seat: int) -> bytearray:
    out = bytearray(observe.SIZE)
    state.observe(seat, out)
    return out


def status(obs, name: str) -> int:
    return obs[observe.CARD + parse_card(name)]


def statuses(obs, text: str) -> list[int]:
    return [status(obs, name) for name in text.split()]


def history(obs) -> list[int]:
    return [c for c in obs[observe.HISTORY:observe.HISTORY + 40] if c != NO_CARD]


# -- scripted positions -----------------------------------------------------------------------


def test_c27_seat_sees_its_hand_as_mine_and_other_hands_unseen():
    state = position(("7d 3b", "5c 6c", "Kd", "2s"), "4c Qs")
    for seat, mine in enumerate(("7d 3b", "5c 6c", "Kd", "2s")):
        obs = seen(state, seat)
        assert statuses(obs, mine) == [observe.MINE] * len(mine.split())
        others = [c for s, h in enumerate(("7d 3b", "5c 6c", "Kd", "2s")) if s != seat
                  for c in h.split()]
        assert statuses(obs, " ".join(others)) == [observe.UNSEEN] * len(others)
        assert statuses(obs, "4c Qs") == [observe.ON_TABLE] * 2
        assert status(obs, "Ab") == observe.UNSEEN  # out of play: unseen like a hidden card
        assert obs[observe.SEAT] == seat


def test_fields_of_a_fresh_position():
    state = position(("7d 3b", "5c", "Kd", "2s"), "4c Qs", turn=0)
    obs = seen(state, 0)
    assert list(obs[observe.TABLE_SLOTS:observe.TABLE_SLOTS + 3]) == cards("4c Qs") + [NO_CARD]
    assert history(obs) == []
    assert set(obs[observe.PLAYED_BY:observe.PLAYED_BY + 40]) == {NOBODY}
    assert (obs[observe.TURN], obs[observe.PLY], obs[observe.LAST_TAKER]) == (0, 0, NOBODY)
    assert obs[observe.DEALER] == 3  # the dealer's right leads (C-6)
    assert list(obs[observe.HAND_COUNT:observe.HAND_COUNT + 4]) == [2, 1, 1, 1]
    assert list(obs[observe.SCOPE:observe.SCOPE + 2]) == [0, 0]
    assert list(obs[observe.PILE_COUNT:observe.PILE_COUNT + 2]) == [NOBODY, NOBODY]
    assert list(obs[observe.SECURED:observe.SECURED + 2]) == [0, 0]


def test_a_score_past_a_byte_shows_as_255():
    # A target of 200 (presets.py's largest) and tied hands in overtime can take a score past
    # 255: the observation's byte stops there rather than raise.
    state = position(("7d 3b", "5c", "Kd", "2s"), "4c Qs", turn=0, target=200)
    state.score[0] = 300
    state.score[1] = 254
    assert list(seen(state, 1)[observe.SCORE:observe.SCORE + 2]) == [255, 254]


def test_history_played_by_and_hand_counts():
    state = position(("7d 3b", "5c 6c", "2b Kd", "2s Js"), "4c Qs")
    play(state, "3b")  # three trails, each into the lowest free slot
    play(state, "6c")
    play(state, "2b")
    for seat in range(4):
        obs = seen(state, seat)
        assert history(obs) == cards("3b 6c 2b")
        assert [obs[observe.PLAYED_BY + c] for c in cards("3b 6c 2b")] == [0, 1, 2]
        assert obs[observe.PLAYED_BY + parse_card("7d")] == NOBODY
        assert list(obs[observe.HAND_COUNT:observe.HAND_COUNT + 4]) == [1, 1, 1, 2]
        assert obs[observe.PLY] == 3 and obs[observe.TURN] == 3
        assert list(obs[observe.TABLE_SLOTS:observe.TABLE_SLOTS + 6]) == \
            cards("4c Qs 3b 6c 2b") + [NO_CARD]


def test_table_slots_follow_captures_and_trails():
    state = position(("6d", "4b", "", ""), "2c 4c Qs", turn=0)
    play(state, "6d", "2c 4c")  # frees slots 0 and 1
    play(state, "4b")  # a trail takes the lowest free slot
    obs = seen(state, 2)
    assert list(obs[observe.TABLE_SLOTS:observe.TABLE_SLOTS + 3]) == cards("4b") + [NO_CARD] \
        + cards("Qs")


def test_c14_scope_are_public():
    state = position(("7s 2d", "Kc 3c", "4b", "5b"), "2b 5c")
    play(state, "7s", "2b 5c")  # a scopa for team 0
    for seat in range(4):
        obs = seen(state, seat)
        assert list(obs[observe.SCOPE:observe.SCOPE + 2]) == [1, 0]
        assert obs[observe.LAST_TAKER] == 0


def _two_captures() -> State:
    """Team 0 takes 5c with 5d, then team 1 takes 3b with 3s; 7b and Kd stay on the table."""
    state = position(("5d Ab", "3s Ac", "Qs", "Js"), "5c 3b 7b Kd", review_captures="none")
    play(state, "5d", "5c")
    play(state, "3s", "3b")
    return state


@pytest.mark.parametrize("seat", range(4))
def test_c27_captured_cards_show_gone_never_which_pile(seat):
    state = _two_captures()
    obs = seen(state, seat)
    assert statuses(obs, "5d 5c 3s 3b") == [observe.GONE] * 4
    assert statuses(obs, "7b Kd") == [observe.ON_TABLE] * 2
    assert list(obs[observe.PILE_COUNT:observe.PILE_COUNT + 2]) == [NOBODY, NOBODY]
    # Who played what stays public (C-14 marks, RULES §4.6): the capturers are known.
    assert obs[observe.PLAYED_BY + parse_card("5d")] == 0
    assert obs[observe.PLAYED_BY + parse_card("5c")] == NOBODY  # a table card, never played


def _captures_by_rule(**rules) -> State:
    state = position(("5d Ab 2s", "3s Ac 2c", "Qs 6b 4d", "Js 6c 4s"), "5c 3b 7b Kd 6s 4b",
                     **rules)
    play(state, "5d", "5c")  # team 0's first capture
    play(state, "3s", "3b")  # team 1's first capture
    play(state, "6b", "6s")  # team 0's second capture
    play(state, "4s", "4b")  # team 1's second capture
    return state


@pytest.mark.parametrize("seat", range(4))
def test_c27_review_own_pile_shows_own_pile_only(seat):
    state = _captures_by_rule(review_captures="own_pile")
    obs = seen(state, seat)
    team0, team1 = "5d 5c 6b 6s", "3s 3b 4s 4b"
    own, other = (team0, team1) if seat % 2 == 0 else (team1, team0)
    assert statuses(obs, own) == [observe.OWN_PILE] * 4
    assert statuses(obs, other) == [observe.GONE] * 4
    assert obs[observe.PILE_COUNT + seat % 2] == 4  # own_pile implies counting it
    assert obs[observe.PILE_COUNT + 1 - seat % 2] == NOBODY


@pytest.mark.parametrize("seat", range(4))
def test_c27_review_first_capture_shows_each_sides_first_capture(seat):
    state = _captures_by_rule(review_captures="first_capture")
    obs = seen(state, seat)
    first0, first1 = "5d 5c", "3s 3b"
    own, other = (first0, first1) if seat % 2 == 0 else (first1, first0)
    assert statuses(obs, own) == [observe.OWN_PILE] * 2
    assert statuses(obs, other) == [observe.OTHER_PILE] * 2
    assert statuses(obs, "6b 6s 4s 4b") == [observe.GONE] * 4  # later captures stay hidden
    assert list(obs[observe.PILE_COUNT:observe.PILE_COUNT + 2]) == [NOBODY, NOBODY]


@pytest.mark.parametrize("seat", range(4))
def test_c27_count_own_pile_gives_own_count_only(seat):
    state = _captures_by_rule(count_own_pile=True)
    play(state, "Ab")  # a trail: no ace on the table
    play(state, "Ac", "Ab")  # team 1 takes the ace: 6 cards against team 0's 4
    obs = seen(state, seat)
    assert obs[observe.PILE_COUNT + seat % 2] == (4 if seat % 2 == 0 else 6)
    assert obs[observe.PILE_COUNT + 1 - seat % 2] == NOBODY
    assert statuses(obs, "5d 5c 3s 3b") == [observe.GONE] * 4  # the count, not the cards


def test_c27_hidden_cards_do_not_change_the_observation():
    # Two deals that differ only in seats 1 and 2's unplayed cards look the same to seats 0, 3.
    first = position(("7d 3b", "5c 2b Jc", "Kb 3s Qc", "2s Js"), "4c Qs")
    second = position(("7d 3b", "5c 3s Qc", "Kb 2b Jc", "2s Js"), "4c Qs")
    for state in (first, second):
        play(state, "3b")
        play(state, "5c")
        play(state, "Kb")
    for seat in (0, 3):
        assert seen(first, seat) == seen(second, seat)
    assert seen(first, 1) != seen(second, 1)  # seat 1 itself sees the difference


def test_declare_out_observation_carries_secured_points():
    state = position(("7s 2d", "Kc 3c", "4b", "5b"), "7d", declare_out=True)
    assert list(seen(state, 0)[observe.SECURED:observe.SECURED + 2]) == [0, 0]
    play(state, "7s", "7d")  # settebello and a scopa: 2 points secured
    for seat in range(4):
        assert list(seen(state, seat)[observe.SECURED:observe.SECURED + 2]) == [2, 0]


def test_bug_position_mid_hand_invents_no_history():
    # conftest.position(..., ply=4) stands for four plays already made; the observation must
    # not claim that the card of code 0 (Ad), still in seat 0's hand, was played.
    state = position(("Ad 5c", "2b", "3c", "4s"), "Kd", turn=0, ply=4)
    obs = seen(state, 0)
    assert status(obs, "Ad") == observe.MINE
    assert obs[observe.PLAYED_BY + parse_card("Ad")] == NOBODY


# -- random matches against a public-information observer ------------------------------------


class PublicView:
    """What every seat knows: the face-up table, each play with its take and scopa, scores."""

    def __init__(self, state: State) -> None:
        self.rules = state.rules
        self.values = state.rules.values
        self.plies = 40 if self.values["deal_shape"] == "10+0" else 36
        self.hand_size = self.plies // 4
        self.dealer = state.dealer
        self.slots = list(state.table)  # the dealt table, face up (C-8)
        self.history = []
        self.played_by = {}
        self.captured = {}  # card -> team
        self.captured_at = {}  # card -> ply it went to a pile
        self.first_capture = [None, None]
        self.scope = [0, 0]
        self.last_taker = NOBODY
        self.dealt = [state.hand_cards(seat) for seat in range(4)]  # each seat knows its own

    def played(self, state: State) -> None:
        ply = len(self.history)
        seat, card, taken, scopa, self_take = state.play_info(ply)
        assert seat == (self.dealer + 1 + ply) % 4
        self.history.append(card)
        self.played_by[card] = seat
        team = seat % 2
        if taken or self_take:
            for t in taken:
                self.slots[self.slots.index(t)] = NO_CARD
            for c in [card] + taken:
                self.captured[c] = team
                self.captured_at[c] = ply
            self.last_taker = seat
            if self.first_capture[team] is None:
                self.first_capture[team] = [card] + taken
            self.scope[team] += scopa
        else:
            self.slots[self.slots.index(NO_CARD)] = card  # the lowest free slot
        if ply + 1 == self.plies and self.last_taker != NOBODY:  # C-12: the rest
            for slot, c in enumerate(self.slots):
                if c != NO_CARD:
                    self.captured[c] = self.last_taker % 2
                    self.captured_at[c] = ply
                    self.slots[slot] = NO_CARD

    def expected(self, seat: int, score, in_play: bool) -> bytearray:
        values = self.values
        review = values["review_captures"]
        team = seat % 2
        out = bytearray(observe.SIZE)
        own = [c for c in self.dealt[seat] if c not in self.played_by]
        for card in range(40):
            if card in own:
                code = observe.MINE
            elif card in self.slots:
                code = observe.ON_TABLE
            elif card in self.captured:
                code = observe.GONE
                if review == "own_pile" and self.captured[card] == team:
                    code = observe.OWN_PILE
            else:
                code = observe.UNSEEN
            out[observe.CARD + card] = code
            out[observe.PLAYED_BY + card] = self.played_by.get(card, NOBODY)
            out[observe.CAPTURED_AT + card] = self.captured_at.get(card, NOBODY)
        if review == "first_capture":
            for side in range(2):
                for card in self.first_capture[side] or ():
                    out[observe.CARD + card] = observe.OWN_PILE if side == team \
                        else observe.OTHER_PILE
        out[observe.TABLE_SLOTS:observe.TABLE_SLOTS + 16] = bytes(self.slots)
        for ply in range(40):
            out[observe.HISTORY + ply] = self.history[ply] if ply < len(self.history) \
                else NO_CARD
        out[observe.SEAT] = seat
        ply = len(self.history)
        out[observe.TURN] = (self.dealer + 1 + ply) % 4 if in_play else NOBODY
        out[observe.DEALER] = self.dealer
        out[observe.PLY] = ply
        for side in range(2):
            out[observe.SCOPE + side] = self.scope[side]
            out[observe.SCORE + side] = max(score[side], 0)
            out[observe.PILE_COUNT + side] = NOBODY
        for other in range(4):
            out[observe.HAND_COUNT + other] = self.hand_size - sum(
                1 for s in self.played_by.values() if s == other)
        out[observe.LAST_TAKER] = self.last_taker
        if values["count_own_pile"] or review == "own_pile":
            out[observe.PILE_COUNT + team] = sum(1 for t in self.captured.values() if t == team)
        if values["declare_out"] and in_play:
            # Secured points (RULES §6.4) from the public piles alone.
            where = bytearray([7] * 40)
            for card, side in self.captured.items():
                where[card] = PILE + side
            public = SimpleNamespace(rules=self.rules, where=where,
                                     scope=bytearray(self.scope), primiera_best=bytearray(10))
            secured = array("h", [0] * scoring.SIZE)
            engine_secured.secured(public, secured)
            out[observe.SECURED] = secured[scoring.TOTAL]
            out[observe.SECURED + 1] = secured[scoring.TOTAL + 1]
        return out


OBSERVE_CONFIGS = [
    ("chitarrella", {}),
    ("dieci", {}),
    ("assi", {}),
    ("veneto", {"review_captures": "own_pile"}),
    ("chitarrella", {"review_captures": "first_capture"}),
    ("dieci", {"review_captures": "first_capture", "count_own_pile": True}),
    ("assi", {"count_own_pile": True, "ace_on_empty_table": "stays"}),
    ("tre_gradi", {"declare_out": True}),
    ("assi+veneto", {"declare_out": True, "review_captures": "own_pile"}),
]


@pytest.mark.parametrize("preset, overrides", OBSERVE_CONFIGS,
                         ids=[p + "".join(f"-{k}={v}" for k, v in o.items())
                              for p, o in OBSERVE_CONFIGS])
def test_observation_matches_public_information_at_every_ply(preset, overrides):
    rules = Rules(preset, overrides)
    state = State(rules, 1234)
    chooser = random.Random(preset + str(sorted(overrides.items())))
    moves = [0] * MAX_MOVES
    obs = bytearray(observe.SIZE)
    hands = checked = 0
    while hands < 12:
        if state.phase == TERMINAL:
            state.new_match(chooser.randrange(1 << 30))
        assert state.phase == DEAL
        while state.deal() != DEALT:
            pass
        view = PublicView(state)
        while True:
            in_play = state.phase == PLAY
            for seat in range(4):
                state.observe(seat, obs)
                expected = view.expected(seat, state.score, in_play)
                if obs != expected:
                    diff = [i for i in range(observe.SIZE) if obs[i] != expected[i]]
                    pytest.fail(f"seat {seat}, ply {state.ply}: bytes {diff} differ; "
                                f"{list(obs[diff[0]:diff[0] + 4])} != "
                                f"{list(expected[diff[0]:diff[0] + 4])}")
                checked += 1
            if not in_play:
                break
            count = state.legal_moves(moves)
            state.apply(moves[chooser.randrange(count)])
            view.played(state)
        assert state.phase == HAND_OVER
        state.end_hand()
        hands += 1
    assert checked > 12 * 36 * 4


def test_bug_history_after_end_hand_names_who_played():
    # After end_hand the deal passes on (RULES §2.6) while the finished hand is still held;
    # whatever history the observation shows must name the seats that really played it.
    state = State(Rules("chitarrella"), 77)
    while state.deal() != DEALT:
        pass
    moves = [0] * MAX_MOVES
    chooser = random.Random(77)
    played_by = {}
    while state.phase == PLAY:
        seat = state.turn
        move = moves[chooser.randrange(state.legal_moves(moves))]
        played_by[move & 63] = seat
        state.apply(move)
    state.end_hand()
    assert state.phase in (DEAL, TERMINAL)
    for seat in range(4):
        obs = seen(state, seat)
        shown = history(obs)
        assert all(obs[observe.PLAYED_BY + card] == played_by[card] for card in shown)
        assert all(obs[observe.PLAYED_BY + card] in (NOBODY, played_by[card])
                   for card in played_by)


def test_captured_at_records_when_each_card_left_the_table():
    # Seat 0's 7d takes 3b + 4s at ply 0; seat 1 trails; seat 2's 5c takes the trailed 5b.
    state = position(("7d Kc", "5b Kd", "5c Ks", "2s Kb"), "3b 4s")
    play(state, "7d", "3b 4s")
    play(state, "5b")
    play(state, "5c", "5b")
    obs = seen(state, 3)
    for card, ply in (("7d", 0), ("3b", 0), ("4s", 0), ("5c", 2), ("5b", 2)):
        assert obs[observe.CAPTURED_AT + parse_card(card)] == ply, card
    for card in ("Kc", "Kd", "2s"):
        assert obs[observe.CAPTURED_AT + parse_card(card)] == NOBODY
