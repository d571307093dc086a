"""The game's texts in Italian, over the English ones, and the bots' reasons in Italian
(lib/i18n.py loads this module only while it builds a dict or names a reason, then drops it).

ASCII only: the board's built-in font has no accented letters ("si", "piu").
"""


def update(out: dict) -> None:
    """Put the Italian texts over the English ones in ``out`` (same keys)."""
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
        "menu_help": "Select: scegli",
        "back": "Indietro",
        "pause": "Pausa",
        "resume": "Riprendi",
        "declare": "Chiama fuori",
        "quit": "Esci",
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
    })


def update_menus(out: dict) -> None:
    """Put the Italian menu texts over the English ones in ``out`` (same keys)."""
    out.update({
        "bot": "Bot",
        "continue": "Continua",
        "vs_bots": "Gioca coi bot",
        "pass": "Passa e gioca",
        "watch": "Guarda i bot",
        "options": "Opzioni",
        "stats": "Statistiche",
        "language": "Lingua",
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
        "save_bad": "Salvataggio ignorato: %s",
        "stats_rows": ("Giocate", "Vinte"),
        "stat_scope": "Scope fatte",
        "stat_best": "Partita migliore",
        "reset": "Azzera statistiche",
    })


# The bots' reasons (engine/bots, English) in Italian.
REASONS = {
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
