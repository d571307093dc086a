"""The words of the bots' reasons (``bot.reason``, a small int) for hints, by the bot's
``REASON_KIND``: ``words(kind, code)``. They live apart from the bots so that a board holds
them only while it puts a hint into words (``engine.bots.reason_words`` loads this module
and drops it again): the bots themselves keep only the codes.
"""

MASTER = (
    "",
    "the only legal move",
    "best for your side on average over many deals of the cards you cannot see",
    "exact endgame: no play scores more for your side",
    "endgame search: best on average over the cards the others may hold",
    "no time to search: the most valuable safe play",
    "it secures the points that win: your side can declare out next: C-26",
)

CHITARRELLA = (
    "",
    "the only legal move",
    "sweep the table for a scopa: C-14",
    "take the settebello now: C-34",
    "you hold the settebello or two sevens: take the seven: C-37",
    "take the seven the dealer's side played: C-36",
    "leave your partner's seven for him: C-32/C-36",
    "dealer: leave the opponents' seven to your partner: C-36",
    "leave your partner's double for him: C-32",
    "nothing worth taking: lead a card you hold twice: C-31",
    "risk one of your sevens rather than hold them to the end: C-33",
    "dealer: keep your two sevens for last: C-33",
    "play one of your three alike early: C-39",
    "dealer's side: keep the values paired: C-28",
    "break the pairs against the dealer: C-28",
    "dealer without sevens: break the sevens: C-35",
    "late in the hand: play the odd seven, keep the paired card: C-30",
    "avoid leaving a table the next player can sweep: C-14",
    "don't leave the next player a rich capture: C-44",
    "counting the cards: the next player cannot answer this: C-41",
    "the most valuable capture: cards, denari, primiera: C-16",
    "nothing to take: give away the least",
)


def words(kind: str, code: int) -> str:
    """The words of reason ``code`` of a bot of ``kind``; "" for none or an unknown one."""
    table = MASTER if kind == "master" else CHITARRELLA if kind == "chitarrella" else ()
    return table[code] if 0 < code < len(table) else ""
