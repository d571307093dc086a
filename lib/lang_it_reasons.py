"""The bots' reasons in Italian, by reason code: ``MASTER`` and ``CHITARRELLA`` line up with
the English tuples of engine/bots/reasons.py (the bot's ``REASON_KIND`` in capitals names the
tuple), each entry under its English.

Apart from lib/lang_it.py so that a hint, the one use during a match, loads only these
(lib/i18n.py ``reason`` loads this module for that and drops it).

ASCII only: the board's built-in font has no accented letters ("si", "piu").
"""

MASTER = (
    "",
    # the only legal move
    "l'unica mossa possibile",
    # best for your side on average over many deals of the cards you cannot see
    "la migliore per la tua coppia in media su molte distribuzioni delle carte che non vedi",
    # exact endgame: no play scores more for your side
    "finale esatto: nessuna giocata rende di piu",
    # endgame search: best on average over the cards the others may hold
    "finale: la migliore in media sulle carte degli altri",
    # no time to search: the most valuable safe play
    "senza tempo: la mossa sicura migliore",
    # it secures the points that win: your side can declare out next: C-26
    "assicura i punti della vittoria: la coppia puo chiamarsi fuori: C-26",
)

CHITARRELLA = (
    "",
    # the only legal move
    "l'unica mossa possibile",
    # sweep the table for a scopa: C-14
    "prendi tutto, scopa: C-14",
    # take the settebello now: C-34
    "prendi subito il settebello: C-34",
    # you hold the settebello or two sevens: take the seven: C-37
    "hai il settebello o due sette: prendi il sette: C-37",
    # take the seven the dealer's side played: C-36
    "prendi il sette avversario: C-36",
    # leave your partner's seven for him: C-32/C-36
    "lascia il sette al compagno: C-32/C-36",
    # dealer: leave the opponents' seven to your partner: C-36
    "mazziere: lascia il sette avversario al compagno: C-36",
    # leave your partner's double for him: C-32
    "lascia la doppia al compagno: C-32",
    # nothing worth taking: lead a card you hold twice: C-31
    "nessuna presa utile: gioca una carta doppia: C-31",
    # risk one of your sevens rather than hold them to the end: C-33
    "rischia un sette, non tenerli fino alla fine: C-33",
    # dealer: keep your two sevens for last: C-33
    "mazziere: tieni i due sette per ultimi: C-33",
    # play one of your three alike early: C-39
    "gioca presto una delle tre uguali: C-39",
    # dealer's side: keep the values paired: C-28
    "coppia del mazziere: appaia le carte: C-28",
    # break the pairs against the dealer: C-28
    "spariglia contro il mazziere: C-28",
    # dealer without sevens: break the sevens: C-35
    "mazziere senza sette: spariglia i sette: C-35",
    # late in the hand: play the odd seven, keep the paired card: C-30
    "a fine mano: gioca il sette spaiato: C-30",
    # avoid leaving a table the next player can sweep: C-14
    "non lasciare la scopa al prossimo: C-14",
    # don't leave the next player a rich capture: C-44
    "non lasciare una presa ricca al prossimo: C-44",
    # counting the cards: the next player cannot answer this: C-41
    "contando le carte: il prossimo non risponde: C-41",
    # the most valuable capture: cards, denari, primiera: C-16
    "la presa migliore: carte, denari, primiera: C-16",
    # nothing to take: give away the least
    "niente da prendere: lascia il meno",
)
