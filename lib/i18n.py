"""The game's words in English and Italian, and card names for each deck style.

``texts(language)`` returns one dict with every text a match's screens show: the table scene's
keys (table_scene.TEXT_KEYS), the game's, the in-match menus' and the end of hand's;
``texts(language, menus=True)`` adds the texts of the menus before a match, which the app holds
only while they show. Only the chosen language is built, so a board holds one set of strings.
``card_letters(language, deck)`` gives the letters that name a card (engine/cards.py int) as
the card faces show it: Italian suits with fante, cavallo, re (``F C R``), French suits with
``J Q K``; the suit letter follows the language (Italian deck: denari, coppe, bastoni, spade
in both languages).

Hint reasons come from the bots as codes (engine/bots); ``reason(language, kind, code)``
gives their words in either language.

The strings live in lib/lang_en.py and lib/lang_it.py (the reasons' Italian in
lib/lang_it_reasons.py), which are imported only while a dict is built or a reason named and
then dropped from ``sys.modules``: a board keeps one language's strings, not the code of both.
The app drops this module too during a match, loading it for a hint's reason and when the
next match starts.

Allocation: at a language change and when a line is built (edge).
"""

from engine.unload import forget

LANGUAGES = ("en", "it")


def texts(language: str, menus: bool = False, keys=None, watching: bool = False) -> dict:
    """The texts of a match's screens in ``language`` (``"en"`` or ``"it"``), and with
    ``menus`` those of the menus before a match as well (lib/title_menus.py). With a board's
    button labels ``keys`` (lib/boards.py), the words that name them are made for that
    board, and its other variants left out; ``watching`` keeps a watched match's turn line
    (``watch_turn``), which other matches do not hold."""
    if language not in LANGUAGES:
        raise ValueError("unknown language %r (known: %s)" % (language, ", ".join(LANGUAGES)))
    english = __import__("lang_en")
    out = english.texts()
    if menus:
        out.update(english.menu_texts())
    forget("lang_en")
    if language == "it":
        italian = __import__("lang_it")
        italian.update(out)
        if menus:
            italian.update_menus(out)
        forget("lang_it")
    if keys is not None:
        your_turn_touch, watch_turn_touch = out.pop("your_turn_touch")
        touch_words = (your_turn_touch, out.pop("choose_touch"), out.pop("cover_help_touch"),
                       watch_turn_touch)
        your_turn_keys, watch_turn_keys = out.pop("your_turn_keys")
        # The turn line and the cover say where the pause menu is (lib/game.py shows the
        # turn's words only where they fit the line, else "your_turn").
        if not keys[0]:  # a touch board has no BACK button
            out["your_turn_menu"], out["choose"], out["cover_help"], watch_turn = touch_words
        else:  # the words name the buttons: the pause menu's, a take's choice, the cover's
            out["your_turn_menu"] = your_turn_keys % keys[1]
            watch_turn = watch_turn_keys % ("%s", keys[1])
            out["choose"] = out["choose"] % (keys[2], keys[0])
            out["cover_help"] = out["cover_help"] % keys[1]
        if watching:
            out["watch_turn"] = watch_turn
    return out


# Ranks A..K as the faces show them (sim/card_art.py), suits in engine order d c b s.
_RANKS = {"italian": "A234567FCR", "french": "A234567JQK"}
_SUITS = {("italian", "en"): "dcbs", ("italian", "it"): "dcbs",
          ("french", "en"): "dhcs", ("french", "it"): "qcfp"}


def card_letters(language: str, deck: str) -> tuple:
    """``(ranks, suits)``: the letters that name a card (engine/cards.py int) as the faces of
    ``deck`` show it in ``language``, ``ranks[card % 10] + suits[card // 10]`` (``"7d"``,
    ``"Rs"``). Two strings rather than a function: a function made here would keep this
    module's globals alive all match (lib/game.py names the cards)."""
    if (deck, language) not in _SUITS:
        raise ValueError("unknown deck %r or language %r" % (deck, language))
    return _RANKS[deck], _SUITS[(deck, language)]


def reason(language: str, kind: str, code: int) -> str:
    """The words of reason ``code`` of a bot whose ``REASON_KIND`` is ``kind``, in
    ``language`` ("" for none): English from engine/bots/reasons.py, Italian from
    lib/lang_it_reasons.py, each loaded for this and dropped."""
    if language != "it":
        from engine.bots import reason_words

        return reason_words(kind, code)
    words = __import__("lang_it_reasons")
    forget("lang_it_reasons")
    # spelled out, not getattr(words, kind.upper()): sim/minify.py renames the tables
    table = words.MASTER if kind == "master" else words.CHITARRELLA if kind == "chitarrella" else ()
    return table[code] if 0 < code < len(table) else ""
