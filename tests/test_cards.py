"""Cards as small ints (engine/cards.py): encoding, names, capture and primiera values.

Rules: C-2, C-3, C-18; RULES §1.2, §1.3.
"""

import pytest

from conftest import cards, names
from engine.cards import (
    DECK_SIZE,
    DENARI,
    PRIMIERA,
    RE_BELLO,
    SETTEBELLO,
    VALUE,
    card_name,
    card_rank,
    card_suit,
    card_value,
    make_card,
    parse_card,
)

ALL_NAMES = [rank + suit for suit in "dcbs" for rank in "A234567JQK"]


def test_deck_has_forty_cards_in_record_order():
    # card = suit * 10 + rank, suits d c b s, ranks A 2 3 4 5 6 7 J Q K (RECORD.md).
    assert DECK_SIZE == 40
    assert [card_name(c) for c in range(40)] == ALL_NAMES


def test_names_round_trip_for_every_card():
    for card in range(40):
        assert parse_card(card_name(card)) == card
    assert names(cards(" ".join(ALL_NAMES))) == " ".join(ALL_NAMES)


def test_encoding_is_suit_times_ten_plus_rank():
    assert parse_card("Ad") == 0
    assert parse_card("Kd") == 9
    assert parse_card("Ac") == 10
    assert parse_card("7b") == 26
    assert parse_card("Ks") == 39
    for card in range(40):
        assert make_card(card_rank(card), card_suit(card)) == card
        assert card_suit(card) * 10 + card_rank(card) == card


def test_capture_values_are_one_to_ten_with_figures_eight_nine_ten():
    # C-2, C-3, FIGS Art. 2: A=1, 2..7 face value, Fante 8, Cavallo 9, Re 10.
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10}
    for name in ALL_NAMES:
        card = parse_card(name)
        assert card_value(card) == expected[name[0]], name
        assert VALUE[card] == card_value(card), name


def test_c18_primiera_values_by_rank():
    # C-18: 7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, figures 10.
    expected = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12,
                "J": 10, "Q": 10, "K": 10}
    for rank_char, value in expected.items():
        assert PRIMIERA[card_rank(parse_card(rank_char + "s"))] == value, rank_char
    # Four sevens make the maximum primiera, 84 (GPMG).
    assert 4 * max(PRIMIERA) == 84


def test_named_cards_settebello_re_bello_and_denari():
    assert SETTEBELLO == parse_card("7d")  # C-3
    assert RE_BELLO == parse_card("Kd")  # RULES §5.3
    assert DENARI == card_suit(parse_card("Qd"))
    assert [card_suit(c) for c in cards("5d 5c 5b 5s")] == [0, 1, 2, 3]


@pytest.mark.parametrize("bad", ["", "7", "7dd", "1d", "0d", "Td", "7x", "7D", "d7", " 7d",
                                 None, 7])
def test_parse_card_refuses_anything_else(bad):
    with pytest.raises(ValueError):
        parse_card(bad)
