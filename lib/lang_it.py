"""The game's texts in Italian, over the English ones (lib/i18n.py loads this module only while
it builds a dict, then drops it; the bots' reasons are in lib/lang_it_reasons.py).

ASCII only: the board's built-in font has no accented letters ("si", "piu").
"""


def update(out: dict) -> None:
    """Put the Italian texts over the English ones in ``out`` (same keys)."""
    out.update({
        "seats": ("Tu", "Destra", "Compagno", "Sinistra"),
        "compass": ("Sud", "Est", "Nord", "Ovest"),
        "teams": ("Noi", "Loro"),
        "your_turn": "Tocca a te",
        "your_turn_touch": "Tocca a te (menu: punti)",
        "your_turn_keys": "Tocca a te (menu: %s)",
        "turns": ("Tocca a te", "Tocca a destra", "Tocca al compagno", "Tocca a sinistra"),
        "turn": "Tocca a %s",
        "ad_before": "Aa",  # "Tocca ad Anna", "Passa ad Anna" (game.name_text)
        "trail": "%s: %s",
        "take": "%s: %s prende %s",
        "self_take": "%s: %s si prende",
        "dealer": "Mazziere: %s",
        "scopa": "Scopa! %s",  # first: a long line is cut at its end
        "choose": "Presa: %s poi %s",
        "choose_touch": "Tocca una presa, poi la carta",
        "barred": ("Asso vietato ora", "Devi prendere"),  # 21 caratteri al più
        "hint": "Consiglio",
        "hint_take": "%s prende %s",
        "hint_trail": "Gioca %s",
        "hint_teacher": "Per Chitarrella: %s",
        "menu_help": "%s: scegli",
        "back": "Indietro",
        "pause": "Pausa",
        "resume": "Riprendi",
        "declare": "Chiamati fuori",
        "captures": "Carte prese",
        "sure": "Sicuro? %s",
        "quit": "Torna all'inizio",  # mid-match and after it: back to the title
        "pass_to": "Passa a %s",
        "since_turn": "Nel frattempo:",
        "ready": "%s: premi %s",
        "ready_touch": "%s: tocca per giocare",
        "cover_help": "Carte coperte; menu: %s",
        "cover_help_touch": "Le carte restano coperte. Menu: tocca qui",
        "hand_title": "Mano %d: %d-%d",
        "play_on": ", si continua",
        "columns": ("", "Noi", "Loro", "Punti"),
        "team_cols": ("Coppia A", "Coppia B"),
        "rows": ("Carte", "Denari", "Settebello", "Primiera", "Scope", "Re bello", "Napola"),
        "match_row": "Partita",
        "yes_no": ("-", "si"),
        "next_hand": "%s: prossima mano",
        "result_help": "%s: risultato",
        "back_help": "%s: indietro",
        "touch": "Tocca",
        "won": "Vittoria %d-%d!",
        "lost": "Hanno vinto %d-%d",
        "team_won": "Vince %s %d-%d",
        "grade": ("", "grado 1: semplice", "grado 2: doppio", "grado 3: cappotto"),
        "reasons": ("", "punteggio raggiunto", "napoleone", "%s: chiamata fuori",
                    "%s: chiamata falsa"),
        "recap": ("%d mano, scope %d-%d", "%d mani, scope %d-%d"),
        "secured": "; punti certi nell'ultima mano %d-%d",
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
        "howto": "Come si gioca",
        "next_page": "Pagina dopo",
        "options": "Opzioni",
        "stats": "Statistiche",
        "language": "Lingua",
        "start": "Inizia",
        "preset": "Regole",
        "target": "Punti",
        "napola_names": ("no", "intera", "max 6"),
        "ace_sweep": "Asso piglia tutto",
        "deal_shape": "Distribuzione",
        "review_captures": "Rivedi prese",
        "review_names": ("mai", "le prime", "le nostre"),
        "level": "Livello",
        "level_names": ("facile", "normale", "difficile"),
        "pace": "Velocita bot",
        "pace_names": ("normale", "veloce", "lenta"),
        "deck": "Carte",
        "deck_names": ("italiane", "francesi"),
        "on_off": ("no", "si"),
        "seat_rows": ("Posto 1, coppia A", "Posto 2, coppia B", "Posto 3, coppia A",
                      "Posto 4, coppia B"),
        "players": "Giocatori",
        "names": "Nomi",
        "person": "Persona %d",
        "delete": "Cancella",
        "done": "Fatto",
        "name_empty": "Serve almeno una lettera",
        "name_full": "Al massimo %d lettere",
        "need_people": "Servono almeno 2 persone",
        "twice": "%s siede due volte",
        "save_bad": "Salvataggio illeggibile",
        "stats_bad": "Statistiche illeggibili",
        "stats_won": "Vinte %d su %d",  # vinte, giocate
        "stat_scope": "Scope fatte da noi",
        "stat_best": "Partita migliore",
        "reset": "Azzera statistiche",
    })
