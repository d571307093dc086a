"""The game's words in English and Italian, and card names for each deck style.

``texts(language)`` returns one dict with every text the screens show: the table scene's keys
(table_scene.TEXTS), the game's, the menus' and the end of hand's. Only the chosen language is
built, so a board holds one set of strings. ``card_namer(language, deck)`` returns a function
naming a card (engine/cards.py int) as the card faces show it: Italian suits with fante,
cavallo, re (``F C R``), French suits with ``J Q K``; the suit letter follows the language
(Italian deck: denari, coppe, bastoni, spade in both languages).

Hint reasons come from the bots in English (engine/bots); ``reason(language, text)`` gives
the Italian for them.

Allocation: at a language change and when a line is built (edge).
"""

LANGUAGES = ("en", "it")


def _english() -> dict:
    return {
        # the table (table_scene.TEXTS)
        "seats": ("You", "Right", "Partner", "Left"),
        "compass": ("South", "East", "North", "West"),
        "teams": ("Us", "Them"),
        "score": "%s %d",
        "scope": "scope %d",
        "count": "%d",
        "your_turn": "Your turn",
        "turn": "%s to play",
        "trail": "%s: %s",
        "take": "%s: %s takes %s",
        "scopa": "%s, scopa!",
        # the game (lib/game.py)
        "choose": "Choose a take",
        "hint": "Hint",
        "hint_take": "%s takes %s",  # card, cards taken
        "hint_trail": "Play %s",
        "declared": "%s declares out",
        "bot": "Bot",
        # menus
        "title": "Scopone",
        "subtitle": "scientifico",
        "continue": "Continue",
        "vs_bots": "Play with bots",
        "pass": "Pass and play",
        "watch": "Watch bots",
        "options": "Options",
        "stats": "Statistics",
        "language": "Language",
        "lang_names": ("English", "Italiano"),
        "menu_help": "Select: choose",
        "back": "Back",
        "start": "Start",
        "preset": "Rules",
        "tre_gradi": "Tre gradi",
        "target": "Target",
        "re_bello": "Re bello",
        "napola": "Napola",
        "napola_names": ("off", "full", "max 6"),
        "ace_sweep": "Ace sweeps",
        "deal_shape": "Deal",
        "level": "Difficulty",
        "level_names": ("easy", "normal", "hard"),
        "deck": "Cards",
        "deck_names": ("Italian", "French"),
        "on_off": ("off", "on"),
        "seat_rows": ("Seat 1, team A", "Seat 2, team B", "Seat 3, team A", "Seat 4, team B"),
        "players": "Players",
        "need_people": "Pick at least 2 people",
        "twice": "%s sits twice",
        "pause": "Paused",
        "resume": "Resume",
        "declare": "Declare out",
        "quit": "Quit to title",
        "save_bad": "Save ignored: %s",
        # pass and play
        "pass_to": "Pass to %s",
        "ready": "%s: press Select",
        "ready_touch": "%s: touch to go on",
        "cover_help": "Hands stay hidden",
        # end of hand and match
        "hand_title": "Hand %d: %d-%d",
        "columns": ("", "Us", "Them", "Pts"),
        "team_cols": ("Team A", "Team B"),
        "rows": ("Cards", "Denari", "Settebello", "Primiera", "Scope", "Re bello", "Napola"),
        "match_row": "Match",
        "yes_no": ("-", "yes"),
        "next_hand": "Select: next hand",
        "won": "We win %d-%d!",
        "lost": "They win %d-%d",
        "team_won": "%s wins %d-%d",
        "grade": ("", "grade 1: single", "grade 2: double", "grade 3: cappotto"),
        "reasons": ("", "at the target", "napoleone", "declared out", "false declaration"),
        "again": "Play again",
        # statistics
        "stats_rows": ("Played", "Won"),
        "stat_scope": "Scope made",
        "stat_best": "Best match",
        "reset": "Reset statistics",
    }


def _italian() -> dict:
    out = _english()
    out.update({
        "seats": ("Tu", "Destra", "Compagno", "Sinistra"),
        "compass": ("Sud", "Est", "Nord", "Ovest"),
        "teams": ("Noi", "Loro"),
        "your_turn": "Tocca a te",
        "turn": "Tocca a %s",
        "trail": "%s: %s",
        "take": "%s: %s prende %s",
        "scopa": "%s, scopa!",
        "choose": "Scegli la presa",
        "hint": "Consiglio",
        "hint_take": "%s prende %s",
        "hint_trail": "Gioca %s",
        "declared": "%s chiama fuori",
        "bot": "Bot",
        "continue": "Continua",
        "vs_bots": "Gioca coi bot",
        "pass": "Passa e gioca",
        "watch": "Guarda i bot",
        "options": "Opzioni",
        "stats": "Statistiche",
        "language": "Lingua",
        "menu_help": "Select: scegli",
        "back": "Indietro",
        "start": "Inizia",
        "preset": "Regole",
        "target": "Punti",
        "napola_names": ("no", "intera", "max 6"),
        "ace_sweep": "Asso piglia tutto",
        "deal_shape": "Carte date",
        "level": "Livello",
        "level_names": ("facile", "normale", "difficile"),
        "deck": "Carte",
        "deck_names": ("italiane", "francesi"),
        "on_off": ("no", "si"),
        "seat_rows": ("Posto 1, coppia A", "Posto 2, coppia B", "Posto 3, coppia A",
                      "Posto 4, coppia B"),
        "players": "Giocatori",
        "need_people": "Servono almeno 2 persone",
        "twice": "%s siede due volte",
        "pause": "Pausa",
        "resume": "Riprendi",
        "declare": "Chiama fuori",
        "quit": "Esci",
        "save_bad": "Salvataggio ignorato: %s",
        "pass_to": "Passa a %s",
        "ready": "%s: premi Select",
        "ready_touch": "%s: tocca per giocare",
        "cover_help": "Le carte restano coperte",
        "hand_title": "Mano %d: %d-%d",
        "columns": ("", "Noi", "Loro", "Punti"),
        "team_cols": ("Coppia A", "Coppia B"),
        "rows": ("Carte", "Denari", "Settebello", "Primiera", "Scope", "Re bello", "Napola"),
        "match_row": "Partita",
        "yes_no": ("-", "si"),
        "next_hand": "Select: prossima mano",
        "won": "Vinciamo %d-%d!",
        "lost": "Vincono loro %d-%d",
        "team_won": "Vince %s %d-%d",
        "grade": ("", "grado 1: semplice", "grado 2: doppio", "grado 3: cappotto"),
        "reasons": ("", "ai punti", "napoleone", "chiamata fuori", "chiamata falsa"),
        "again": "Gioca ancora",
        "stats_rows": ("Giocate", "Vinte"),
        "stat_scope": "Scope fatte",
        "stat_best": "Partita migliore",
        "reset": "Azzera statistiche",
    })
    return out


def texts(language: str) -> dict:
    """Every text of the game in ``language`` (``"en"`` or ``"it"``)."""
    if language == "en":
        return _english()
    if language == "it":
        return _italian()
    raise ValueError("unknown language %r (known: %s)" % (language, ", ".join(LANGUAGES)))


# Ranks A..K as the faces show them (sim/card_art.py), suits in engine order d c b s.
_RANKS = {"italian": "A234567FCR", "french": "A234567JQK"}
_SUITS = {("italian", "en"): "dcbs", ("italian", "it"): "dcbs",
          ("french", "en"): "dhcs", ("french", "it"): "qcfp"}


def card_namer(language: str, deck: str):
    """A function card -> short name (``"7d"``, ``"Rs"``) for ``deck`` in ``language``."""
    if (deck, language) not in _SUITS:
        raise ValueError("unknown deck %r or language %r" % (deck, language))
    ranks = _RANKS[deck]
    suits = _SUITS[(deck, language)]

    def name(card: int) -> str:
        return ranks[card % 10] + suits[card // 10]

    return name


_ITALIAN_REASONS = {
    "the only legal move": "l'unica mossa possibile",
    "the search found this best for your side": "la ricerca la trova migliore per voi",
    "exact endgame: no play scores more for your side":
        "finale esatto: nessuna giocata rende di piu",
    "endgame search: best on average over the cards the others may hold":
        "finale: la migliore in media sulle carte degli altri",
    "no time to search: the most valuable safe play": "senza tempo: la presa sicura migliore",
    "sweep the table for a scopa: C-14": "prendi tutto, scopa: C-14",
    "take the settebello now: C-34": "prendi subito il settebello: C-34",
    "you hold the settebello or two sevens: take the seven: C-37":
        "hai il settebello o due sette: prendi il sette: C-37",
    "take the seven the dealer's side played: C-36": "prendi il sette del mazziere: C-36",
    "leave your partner's seven for him: C-32/C-36":
        "lascia il sette al compagno: C-32/C-36",
    "dealer: leave the opponents' seven to your partner: C-36":
        "mazziere: lascia il sette avversario al compagno: C-36",
    "leave your partner's double for him: C-32": "lascia la coppia al compagno: C-32",
    "nothing worth taking: lead a card you hold twice: C-31":
        "niente da prendere: gioca una carta doppia: C-31",
    "risk one of your sevens rather than hold them to the end: C-33":
        "rischia un sette, non tenerli fino alla fine: C-33",
    "dealer: keep your two sevens for last: C-33": "mazziere: tieni i due sette per ultimi: C-33",
    "play one of your three alike early: C-39": "gioca presto una delle tre uguali: C-39",
    "dealer's side: keep the values paired: C-28": "coppia del mazziere: appaia le carte: C-28",
    "break the pairs against the dealer: C-28": "spariglia contro il mazziere: C-28",
    "dealer without sevens: break the sevens: C-35": "mazziere senza sette: spariglia: C-35",
    "late in the hand: play the odd seven, keep the paired card: C-30":
        "a fine mano: gioca il sette spaiato: C-30",
    "avoid leaving a table the next player can sweep: C-14":
        "non lasciare la scopa al prossimo: C-14",
    "don't leave the next player a rich capture: C-44":
        "non lasciare una presa ricca al prossimo: C-44",
    "counting the cards: the next player cannot answer this: C-41":
        "contando le carte: il prossimo non risponde: C-41",
    "the most valuable capture: cards, denari, primiera: C-16":
        "la presa migliore: carte, denari, primiera: C-16",
    "nothing to take: give away the least": "niente da prendere: lascia il meno",
}


def reason(language: str, text: str) -> str:
    """A bot's reason (English, engine/bots) in ``language``; unknown ones stay as they are."""
    if language == "it":
        return _ITALIAN_REASONS.get(text, text)
    return text
