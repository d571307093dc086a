"""The game's words (lib/i18n.py, lib/lang_en.py, lib/lang_it.py): Italian puts its texts over
English keys of the same shape, a match holds only its own texts, the menus' come on top
only when asked for, and every bot reason has its Italian (lib/lang_it_reasons.py)."""

from __future__ import annotations

import i18n
import lang_en
import lang_it
import layouts
import pytest


def test_italian_puts_its_texts_over_english_keys_only():
    play = lang_en.texts()
    menus = lang_en.menu_texts()
    assert not set(play) & set(menus)  # each text lives in one of the two
    for english, update in ((play, lang_it.update), (menus, lang_it.update_menus)):
        italian = {}
        update(italian)
        assert set(italian) <= set(english)  # the same in both ("scope %d") need no entry
        for key, text in italian.items():  # same shape: one string, or as many in a tuple
            assert type(text) is type(english[key]), key
            if isinstance(text, tuple):
                assert len(text) == len(english[key]), key


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_text_is_ascii(language):
    # The board's built-in font (terminalio.FONT) has no accented letters: "piu", not "più".
    def strings(value):
        if isinstance(value, str):
            return [value]
        return [s for item in value for s in strings(item)] if isinstance(value, tuple) else []

    for key, value in i18n.texts(language, menus=True).items():
        for text in strings(value):
            assert text.isascii(), (key, text)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_match_holds_its_texts_and_the_menus_add_theirs(language):
    play = i18n.texts(language)
    both = i18n.texts(language, menus=True)
    assert "title" not in play and "pause" in play
    assert set(both) == set(lang_en.texts()) | set(lang_en.menu_texts())
    assert both["pause"] == play["pause"]


def test_an_unknown_language_is_named():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        i18n.texts("fr")


@pytest.mark.parametrize(("language", "deck", "names"), [
    ("en", "italian", ("Ad", "7d", "Fc", "Rs")), ("it", "italian", ("Ad", "7d", "Fc", "Rs")),
    ("en", "french", ("Ad", "7d", "Jh", "Ks")), ("it", "french", ("Aq", "7q", "Jc", "Kp"))])
def test_card_letters_name_cards_as_the_faces_show_them(language, deck, names):
    ranks, suits = i18n.card_letters(language, deck)
    # the ace and the settebello of the first suit, a fante/jack of the second, a re/king of
    # the fourth (engine/cards.py: card = suit * 10 + rank)
    assert tuple(ranks[c % 10] + suits[c // 10] for c in (0, 6, 17, 39)) == names
    with pytest.raises(ValueError, match="unknown deck"):
        i18n.card_letters(language, "tarot")


@pytest.mark.parametrize("kind", ["master", "chitarrella"])
def test_every_bot_reason_has_its_italian(kind):
    import lang_it_reasons

    from engine.bots import reasons

    english = getattr(reasons, kind.upper())
    italian = getattr(lang_it_reasons, kind.upper())
    assert len(italian) == len(english) and italian[0] == english[0] == ""
    for code in range(1, len(english)):
        assert i18n.reason("en", kind, code) == english[code]
        assert i18n.reason("it", kind, code) == italian[code]
        assert italian[code] and italian[code].isascii()  # the board's font has no accents
        rule = english[code].rpartition(": ")[2]
        if rule.startswith("C-"):
            assert italian[code].endswith(": " + rule)  # lined up: the same rule cited
    assert i18n.reason("it", kind, len(english)) == i18n.reason("it", kind, 0) == ""


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("layout_name", layouts.NAMES)
def test_every_turn_line_fits_every_layout(language, layout_name):
    from game import name_text

    texts = i18n.texts(language)
    chars = layouts.layout(layout_name).turn[2]
    lines = [texts["your_turn"], *texts["turns"][1:]]
    lines += [texts["turn"] % point for point in texts["compass"]]
    lines += [name_text(texts, "turn", name) for name in ("Wwwwwwww", "Aaaaaaaa")]  # 8 chars
    if layout_name == "large":  # the PyPortal's, the one touch board
        lines.append(texts["your_turn_touch"])
    for line in lines:
        assert len(line) <= chars, line


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("layout_name", layouts.NAMES)
def test_a_barred_cards_words_fit_the_last_play_line(language, layout_name):
    # lib/game.py says them there when a card may not be played (an ace's lead, RULES §7; a
    # card that must capture under forced_capture=turn)
    chars = layouts.layout(layout_name).last_play[2]
    for words in i18n.texts(language)["barred"]:
        assert len(words) <= chars, words


def test_italian_says_ad_before_a_name_that_starts_with_a():
    from game import name_text

    texts = i18n.texts("it")
    assert name_text(texts, "turn", "Anna") == "Tocca ad Anna"
    assert name_text(texts, "pass_to", "Bruno") == "Passa a Bruno"
    assert name_text(i18n.texts("en"), "pass_to", "Anna") == "Pass to Anna"
