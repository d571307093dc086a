"""The words and numbers of the end of a hand, the end of a match and the statistics.

``hand_rows`` gives the points breakdown of the hand just scored (RULES §5: carte, denari,
settebello, primiera totals, scope, re bello and napola when the rules have them) as table
cells, ``primiera_cards`` the cards that made each side's primiera, ``match_result`` the
winner, how and the grade (C-25), with the hands dealt and the scope made, ``stats_rows``
the statistics screen. lib/text_screens.py and lib/title_menus.py put them on the text scene.

Allocation: builds strings and lists (edge; once per hand or match).
"""

from engine import scoring
from engine.layout import PILE, TERMINAL


def _pair(points, index: int) -> tuple:
    # (team 0's value, team 1's) of a two-entry field of engine/scoring.py
    return points[index], points[index + 1]


def hand_rows(state, texts: dict) -> tuple:
    """(title, rows) for the hand just scored, team 0 (the side of a person against bots) in
    the first column.

    Each row is ``(label, team 0, team 1, points)``; the last row is the match score.
    """
    rules = state.rules
    points = state.hand_points
    labels = texts["rows"]
    yes_no = texts["yes_no"]
    rows = []

    def add(label, detail, point_index, flags=False):
        a, b = _pair(points, point_index)
        if flags:
            detail = (yes_no[a > 0], yes_no[b > 0])
        rows.append((label, str(detail[0]), str(detail[1]), "%d-%d" % (a, b)))

    add(labels[0], _pair(points, scoring.CARDS), scoring.P_CARTE)
    add(labels[1], _pair(points, scoring.DENARI), scoring.P_DENARI)
    add(labels[2], None, scoring.P_SETTEBELLO, True)
    primiera = _pair(points, scoring.PRIMIERA)
    add(labels[3], tuple("-" if p == scoring.INCOMPLETE else p for p in primiera),
        scoring.P_PRIMIERA)  # C-22: an incomplete primiera shows as "-"
    add(labels[4], _pair(points, scoring.P_SCOPE), scoring.P_SCOPE)
    if rules.re_bello:
        add(labels[5], None, scoring.P_RE_BELLO, True)
    if rules.napola_cap:  # napola on (RULES §5.3)
        add(labels[6], _pair(points, scoring.P_NAPOLA), scoring.P_NAPOLA)
    score = state.score
    rows.append((texts["match_row"], str(score[0]), str(score[1]), ""))
    total = _pair(points, scoring.TOTAL)
    title = texts["hand_title"] % (state.hand_number, total[0], total[1])
    if state.match.overtime and state.phase != TERMINAL:
        title += texts["play_on"]  # C-24: both sides at the target and no winner yet
    return title, rows


def primiera_cards(state, card_name) -> tuple:
    """Each team's primiera as the hand left it in the piles: its best card of each suit by
    the primiera values (C-18; among equals, the highest rank), named by ``card_name``, or
    "-" for a suit it took none of (C-22), e.g. ``("7d 6c Ab 7s", "Rd - 5b 6s")``."""
    values = state.rules.primiera
    where = state.where
    out = []
    for pile in (PILE, PILE + 1):
        names = []
        for suit in range(0, 40, 10):
            best = -1
            for card in range(suit, suit + 10):
                if where[card] == pile and (best < 0 or values[card % 10] >= values[best % 10]):
                    best = card
            names.append(card_name(best) if best >= 0 else "-")
        out.append(" ".join(names))
    return tuple(out)


def match_result(state, texts: dict, team_names=None, declarer: str = "",
                 scope_made=(0, 0)) -> tuple:
    """(title, detail, recap) of a decided match: who won and the score; why, and the grade;
    the hands dealt and each side's scope, and after a declaration the points each side had
    secured in the hand it ended (RULES §6.4, which the score counts), the winner's first as
    in the title.

    :param team_names: names of teams 0 and 1 (pass-and-play, watching); None says "we" and
        "they" from team 0's side (a match against bots).
    :param declarer: the name of the seat that declared out (C-26), if one did.
    :param scope_made: the scope (team 0, team 1) the match's hands made (C-14).
    """
    info = state.match
    winner = info.winner
    score = state.score
    if team_names is None:
        key = "won" if winner == 0 else "lost"
        title = texts[key] % (score[0], score[1]) if winner == 0 else \
            texts[key] % (score[1], score[0])
    else:
        title = texts["team_won"] % (team_names[winner], score[winner], score[1 - winner])
    detail = texts["reasons"][info.reason]
    if "%s" in detail:  # declared out, or falsely: who did
        detail = detail % declarer
    if state.rules.grades and info.grade:  # C-25
        detail += ", " + texts["grade"][info.grade]
    hands = state.hand_number
    recap = texts["recap"][hands != 1] % (hands, scope_made[winner], scope_made[1 - winner])
    if info.declarer >= 0:  # C-26: what the claim counted, which the title's score includes
        secured = state.secured
        recap += texts["secured"] % (secured[scoring.TOTAL + winner],
                                     secured[scoring.TOTAL + 1 - winner])
    return title, detail, recap


def stats_rows(stats, texts: dict, levels) -> list:
    """(label, value) rows: matches played and won per level, scope made, best match."""
    level_names = texts["level_names"]
    won_of = texts["stats_won"]  # "difficile Vinte 999 su 999" fits a 160-pixel row
    rows = []
    for level in levels + ("desktop",):
        if level == "desktop" and not stats.played[level]:
            continue  # the simulator's level shows once played
        name = level_names[levels.index(level)] if level in levels else level
        rows.append((name, won_of % (stats.won[level], stats.played[level])))
    rows.append((texts["stat_scope"], str(stats.scope)))
    if stats.best:
        rows.append((texts["stat_best"], "%d-%d" % (stats.best_score[0], stats.best_score[1])))
    else:
        rows.append((texts["stat_best"], "-"))
    return rows
