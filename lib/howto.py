"""How to play: the rules in a few short pages, in English and Italian, for the title's "How to
play" screen (lib/title_menus.py). Each page is a heading and a text the screen wraps; every
page fits the smallest screen's rows, in ASCII as the board's font has no accents
(tests/test_howto.py).

The first page tells the board's controls (README "Buttons"). The others follow RULES.md:
teams and turn (§2, C-6), captures (§4.2, C-11), values (§1.2), scopa and the last taker
(§4.3, §4.5, C-14, C-15, C-12), the points (§5.1, C-16, C-20), primiera (§1.3, §5.2, C-18,
C-22), winning and ties at the target (§6.2, C-24), the presets (§11), the options (§5.3),
the ace sweep (§7, §10 rows 26 and 28), the taken cards (C-27, §10 row 33) and tre gradi
with declaring out (§6.3, §6.4, C-25, C-26). Loaded while the screen shows and
dropped with the title's menus.

Allocation: edge only (the title's menus).
"""

_PAGES = {
    "en": (
        ("Teams", "Four players, two teams: partners sit opposite. Play passes to the "
                  "right. Each hand deals all 40 cards; hands go on until a team reaches "
                  "the target."),
        ("Taking", "Play a card a turn. It takes a table card of its value, or else cards "
                   "adding up to it; an equal card comes first. If it takes nothing, it "
                   "stays on the table."),
        ("Values", "Ace 1, two to seven as marked, Fante 8, Cavallo 9, Re 10 (French cards: "
                   "J, Q, K). Coins, or denari (diamonds), are the suit that scores."),
        ("Scopa", "Taking every card on the table is a scopa: a point, but not with the "
                  "hand's last play. The last to take gets the cards left."),
        ("Points", "Each hand: most cards 1, most denari 1, settebello (7 of coins) 1, "
                   "primiera 1, each scopa (plural scope) 1. A tie scores nothing."),
        ("Primiera", "Best card of each suit: 7 is 21, 6 is 18, ace 16, 5 is 15, 4 is 14, "
                     "3 is 13, 2 is 12, figures 10. Higher total wins; a missing suit loses."),
        ("Winning", "The first team to reach the target wins the match. If both reach it "
                    "in the same hand, the higher score wins; a tie plays another hand."),
        ("Rules", "chitarrella: these pages, to 11. figs: the same. dieci: 10 cards each, "
                  "none on the table, to 21. assi: 10 each, ace sweeps, napola, to 31. "
                  "veneto: with re bello."),
        ("Options", "Re bello: king of coins, 1 point. Napola: ace, 2, 3 of coins and on, a "
                    "point a card; all ten, napoleone, win the match. Rules with *: "
                    "changed."),
        ("Ace sweeps", "An ace takes every card on the table, never as a scopa; only an ace, "
                       "if one lies there. With 10 cards each, no ace on a hand's first "
                       "play."),
        ("Taken cards", "Taken cards stay face down: nobody looks at them again. The option "
                        "Review takes lets you see each side's first take, or your side's "
                        "pile, from the pause menu."),
        ("Tre gradi", "A win counts double if the others have under half the target, "
                      "triple at 0 (cappotto). You may declare out: a wrong claim loses."),
    ),
    "it": (
        ("Coppie", "Quattro giocatori, due coppie: i compagni stanno di fronte. Si gioca "
                   "verso destra. Ogni mano si danno tutte le 40 carte, fino a che una "
                   "coppia arriva ai punti."),
        ("Prese", "Una carta a turno. Prende la carta uguale o, se non c'e, piu carte che "
                  "sommate fanno il suo valore. Se non prende, resta in tavola."),
        ("Valori", "Asso 1, dal due al sette come segnato, fante 8, cavallo 9, re 10 (carte "
                   "francesi: J, Q, K). I denari (quadri) sono il seme che conta."),
        ("Scopa", "Prendere tutte le carte in tavola fa scopa: un punto, ma non con l'ultima "
                  "giocata. Le carte rimaste vanno a chi ha preso per ultimo."),
        ("Punti", "Ogni mano: carte 1, denari 1, settebello 1, primiera 1, ogni scopa 1. "
                  "Chi ne ha di piu prende il punto; il pari non conta."),
        ("Primiera", "La carta migliore di ogni seme: 7 vale 21, 6 vale 18, asso 16, 5 vale "
                     "15, 4 vale 14, 3 vale 13, 2 vale 12, figure 10. Vince il totale piu "
                     "alto; senza un seme si perde."),
        ("Vittoria", "Vince la partita la prima coppia che arriva ai punti. Se ci arrivano "
                     "entrambe nella stessa mano, vince chi ne ha di piu; alla pari si "
                     "gioca un'altra mano."),
        ("Regole", "chitarrella: queste pagine, agli 11. figs: uguale. dieci: 10 carte a "
                   "testa, ai 21. assi: 10 a testa, asso piglia tutto, "
                   "napola, ai 31. veneto: con il re bello."),
        ("Opzioni", "Re bello: re di denari, 1 punto. Napola: asso, 2, 3 di denari e "
                    "seguenti, un punto a carta; tutti e 10, il napoleone, vincono la "
                    "partita. Con *: regole modificate."),
        ("Asso piglia tutto", "L'asso prende tutte le carte in tavola, ma mai come scopa; "
                              "solo l'asso, se ce n'e uno. Con 10 carte a testa, niente "
                              "asso alla prima giocata."),
        ("Carte prese", "Le carte prese restano coperte e non si rivedono. L'opzione "
                        "Rivedi prese mostra la prima presa di ogni coppia, o le nostre "
                        "prese, dal menu di pausa."),
        ("Tre gradi", "Si vince doppio se gli altri hanno meno della meta dei punti, "
                      "triplo se ne hanno 0 (cappotto). Ci si puo chiamare fuori: chi "
                      "sbaglia perde."),
    ),
}


# The controls page, for the board's keys (lib/boards.py): heading, the touch board's text, the
# button board's (its move, select and back buttons twice, then the hint), and the hint where
# holding back gives it.
_CONTROLS = {
    "en": ("Controls",
           "Touch a card to lift it, and again to play it; when it has several takes, touch a "
           "table card of the one you want. Touch the score for the pause menu, with the hint.",
           "%s move, %s plays or chooses, %s goes back. On the table %s opens the pause menu; "
           "with several takes, %s pick one, %s confirms. Hint: %s.",
           "hold %s"),
    "it": ("Comandi",
           "Tocca una carta per alzarla, e ancora per giocarla; se ha piu prese, tocca una "
           "carta della presa che vuoi. Tocca i punti per il menu di pausa, con il consiglio.",
           "%s muovono, %s gioca o sceglie, %s torna indietro. In tavola %s apre il menu di "
           "pausa; con piu prese %s ne scelgono una, %s conferma. Consiglio: %s.",
           "tieni premuto %s"),
}


def pages(language: str, keys=("", "", "", "")) -> tuple:
    """The pages in ``language`` (``"en"`` or ``"it"``): (heading, text) pairs, the controls
    first, told for a board of ``keys`` (lib/boards.py: select, back, left/right and hint
    labels; empty on a touch board)."""
    heading, touch, buttons, hold = _CONTROLS[language]
    select, back, move, hint = keys
    if select:
        touch = buttons % (move, select, back, back, move, select, hint or hold % back)
    return ((heading, touch),) + _PAGES[language]
