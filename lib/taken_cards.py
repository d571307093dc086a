"""The taken cards a player may look at again, from the pause menu: C-27 keeps captured cards
face down, but ``review_captures`` may let a player see each side's first capture
(``first_capture``, the practice C-27 tolerates) or their own side's pile (``own_pile``,
INTELLI; RULES §10 row 33).

The cards come from the engine's observation of the seat whose view the table shows, the
person to play or, while the bots play, the last one shown (engine/observe.py), which shows no
more than the rules allow. A function of the ``App`` (lib/app.py), as those of
lib/text_screens.py are; its words are here in both languages, as lib/howto.py's pages are, so
a match holds them only while this screen shows: the app loads this module for the screen and
drops it with the text screens' (lib/app.py ``_drop_text``).

Allocation: builds strings (edge: this screen only).
"""

from text_line import wrap
from text_screens import help_line, show_message, wrap_play

from engine.observe import CAPTURED_AT, CARD, HISTORY, OTHER_PILE, OWN_PILE

# language -> (the first captures' headings: ours, theirs; none yet; our pile and its count,
# for one card (an ace that took only itself, RULES §7) and for more)
WORDS = {
    "en": (("Our first take:", "Their first take:"), "none yet",
           ("Our pile, 1 card:", "Our pile, %d cards:")),
    "it": (("Prima presa nostra:", "Prima presa loro:"), "ancora nessuna",
           ("Nostre prese, 1 carta:", "Nostre prese, %d carte:")),
}


def show(app) -> None:
    """The taken cards the person the table is shown to may see: with ``first_capture`` each
    side's first capture of the hand (the taking card with what it took), with ``own_pile``
    every card their side has taken, a suit a line."""
    game = app.game
    headings, none_yet, our_pile = WORDS[game.setup.language]
    game.state.observe(game.viewer, game.obs)
    chars = app._show_text().chars
    lines = []
    if game.rules.review == 1:  # first_capture
        for status, heading in ((OWN_PILE, headings[0]), (OTHER_PILE, headings[1])):
            take = _first_take(game, status)
            lines.append(heading)
            lines += wrap_play(take, chars) if take else [none_yet]
    else:  # own_pile
        count = sum(1 for card in range(40) if game.obs[CARD + card] == OWN_PILE)
        lines.append(our_pile[0] if count == 1 else our_pile[1] % count)
        for line in _suit_lines(game, OWN_PILE):
            lines += wrap(line, chars)
        if not count:
            lines.append(none_yet)
    show_message(app, "captures", app.texts["captures"], lines, help_line(app, "back_help", 1))


def _first_take(game, status: int) -> str:
    """The first capture the observation marks ``status`` as the hint words a play: the
    taking card, then what it took ("Cd takes 3d+5c+As"); "" for none yet."""
    obs = game.obs
    name = game.card_name
    taker = -1
    taken = []
    for card in range(40):
        if obs[CARD + card] == status:
            if obs[HISTORY + obs[CAPTURED_AT + card]] == card:
                taker = card  # played at the ply it was captured: the taking card
            else:
                taken.append(name(card))
    if taker < 0:
        return ""
    return game.texts["hint_take"] % (name(taker), "+".join(taken)) if taken else name(taker)


def _suit_lines(game, status: int) -> list:
    """The names of the cards the observation marks ``status``, a string for each suit that
    has any, in rank order ("Ad 3d 7d")."""
    obs = game.obs
    name = game.card_name
    out = []
    for suit in range(0, 40, 10):
        names = [name(card) for card in range(suit, suit + 10) if obs[CARD + card] == status]
        if names:
            out.append(" ".join(names))
    return out
