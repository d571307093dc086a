"""The text screens: the menu machinery every menu shares, and the screens of a match (the
pause and match-end menus, the pass-and-play cover, a hint, the end of a hand; the taken
cards a rule lets a player see again are lib/taken_cards.py's).

Functions of the ``App`` (lib/app.py), as lib/title_menus.py's are. The app loads this module
with lib/text_scene.py when a text screen opens and drops both when the table comes back, so a
match holds neither while the table shows: the table scene is let go while a text screen shows,
which leaves room for them (sim/memory_budget.md). A screen that loads helpers for its words
(lib/i18n.py for a hint's reason, lib/summaries.py) lets the table go before it loads them.

A menu is ``app.items`` (keys), ``app.cursor`` (the chosen one) and the rows they take from
``app._first_row``, scrolled from ``app._top`` when they do not all fit. ``menu_input``
moves the cursor and returns the key of an item chosen; the app acts on it once this module's
code has returned (a match start, a hint or the table must not run with it loaded).

Allocation: builds strings and tuples (edge: screens only).
"""

from game import MODE_BOTS, MODE_PLAY, TEAM_LETTERS, name_text
from input_events import DOWN, LEFT, RIGHT, SELECT, TOUCH, UP
from match_setup import VS_BOTS
from text_line import wrap
from text_scene import DIM

from engine.unload import forget

_MATCH_END_ITEMS = ("again", "quit")


# -- menus ----------------------------------------------------------------------------------


def show_menu(app, screen: str, title: str, items, first_row: int = 0,
              footer: str = "") -> None:
    """Show menu ``screen``: ``title``, then ``items`` from text row ``first_row``."""
    scene = app._show_text()
    app.screen = screen
    app.items = items
    app.cursor = 0
    app._top = 0
    app._first_row = first_row
    app.armed = ""
    scene.covered = None
    scene.set_title(title)
    scene.clear_rows()
    draw_items(app)
    scene.set_footer(footer or help_line(app, "menu_help"))


def help_line(app, key: str, button: int = 0) -> str:
    """The help line ``key`` of the texts with the board's button for it, ``button`` 0 the
    select and 1 the back button: its label ("A" on a PyBadge), or "Touch" on a touch board."""
    label = app.board.keys[button]
    return app.texts[key] % (label if label else app.texts["touch"])


def draw_items(app) -> None:
    """Draw the items that fit, scrolled so the cursor's item shows."""
    scene = app.text_scene
    room = scene.rows - app._first_row
    if app.cursor < app._top:
        app._top = app.cursor
    elif app.cursor >= app._top + room:
        app._top = app.cursor - room + 1
    top = app._top
    for row in range(min(room, len(app.items))):
        left, right = _item_text(app, app.items[top + row])
        scene.set_row(app._first_row + row, left, right)
    scene.set_cursor(app._first_row + app.cursor - top)


def _item_text(app, key: str) -> tuple:
    if app.screen in app.MATCH_MENUS:
        texts = app.texts
        left = texts[key]
        right = texts["on_off"][app.game.setup.sound] if key == "sound" else ""
    else:
        left, right = __import__("title_menus").item_text(app, key)
    if key == app.armed:
        left = app.texts["sure"] % left  # "Sure? Declare out": chosen again, it acts
    return left, right


def move_cursor(app, step: int) -> None:
    """Move the cursor ``step`` items, round the ends."""
    app.cursor = (app.cursor + step) % len(app.items)
    app.armed = ""
    scene = app.text_scene
    if scene.covered is not None:  # the footer said what the armed item would lose
        scene.set_footer(scene.covered)
        scene.covered = None
    draw_items(app)


def menu_input(app, code: int, x: int, y: int) -> str:
    """Move the cursor for ``code``; return the key of the item chosen (SELECT, or a touch on
    it), or ``""``."""
    if code == UP or code == LEFT:
        move_cursor(app, -1)
    elif code == DOWN or code == RIGHT:
        move_cursor(app, 1)
    elif code == SELECT:
        return app.items[app.cursor]
    elif code == TOUCH:
        row = app.text_scene.row_at(x, y) - app._first_row
        index = app._top + row
        if row >= 0 and index < len(app.items):
            app.cursor = index
            draw_items(app)
            return app.items[index]
    return ""


# -- the screens of a match -----------------------------------------------------------------


def show_pause(app) -> None:
    """The pause menu: resume, and on a person's turn hint and declare out (C-26), the taken
    cards when the rules let them be seen again (C-27), on a person's turn or while the bots
    play, the sound on a board with a speaker, quit."""
    game = app.game
    items = ["resume"]
    turn = game.mode == MODE_PLAY  # a person's turn
    if turn:
        items.append("hint")
    # review_captures (C-27): "at any time" (RULES §10 row 33), for a person's own side
    if game.rules.review and (turn or game.mode == MODE_BOTS and game.viewer >= 0
                              and game.setup.people):
        items.append("captures")
    if turn and game.rules.declare_out:
        items.append("declare")  # C-26
    if app.sound is not None:
        items.append("sound")  # on or off at once, as the title's options turn it
    items.append("quit")
    show_menu(app, "pause", app.texts["pause"], tuple(items))


def show_message(app, screen: str, title: str, lines, footer: str) -> None:
    """A screen of text without a menu (cover, hint, end of hand)."""
    scene = app._show_text()
    app.screen = screen
    app.items = ()
    scene.set_cursor(-1)
    scene.set_title(title)
    for i in range(scene.rows):
        scene.set_row(i, lines[i] if i < len(lines) else "")
    scene.set_footer(footer)


def show_cover(app) -> None:
    """Pass-and-play: hide every hand and name the person to pass the device to."""
    texts = app.texts
    name = app.game.cover_name
    if app.board.touch:
        footer = texts["ready_touch"] % name
    else:
        footer = texts["ready"] % (name, app.board.keys[0])
    recap = _plays_missed(app.game, app._show_text().chars)
    lines = [texts["since_turn"]] + recap if recap else ()
    show_message(app, "cover", name_text(texts, "pass_to", name), lines, footer)
    scene = app.text_scene
    scene.set_centered(scene.rows - 2, texts["cover_help"])  # and how to reach the menu


def on_cover_menu(app, x: int, y: int) -> bool:
    """True when a touch at ``x``, ``y`` is on the cover's line that opens the menu."""
    scene = app.text_scene
    return scene.row_at(x, y) == scene.rows - 2


def hint_play(game, move: int) -> str:
    """A hint's play in words: the card and what it takes (``"5c takes 5d"``)."""
    if move < 0:
        return ""
    name = game.card_name
    taken = game.state.taken_cards(move)
    if not taken:
        return game.texts["hint_trail"] % name(move & 63)
    return game.texts["hint_take"] % (name(move & 63), "+".join([name(c) for c in taken]))


def wrap_play(text: str, chars: int) -> list:
    """``text`` cut into lines of at most ``chars`` characters at spaces, or after a "+" in a
    list of cards taken, so that no card's name is cut in half."""
    return [line.replace("+ ", "+") for line in wrap(text.replace("+", "+ "), chars)]


def _plays_missed(game, width: int) -> list:
    """The plays of this hand since the person the cover waits for last played, named from
    their side, a line each of at most ``width`` characters (at the table everyone sees every
    play; passing the device, they did not)."""
    from table_scene import last_play_text

    state = game.state
    seat = state.turn  # the cover waits for the person to play
    texts = dict(game.scene_texts(), seats=game.seat_names(seat))
    return [last_play_text(state, ply, seat, texts, game.card_name, width)
            for ply in range(max(0, state.ply - 3), state.ply)]


def show_hint(app) -> None:
    """The hinted play and its reason in words."""
    game = app.game
    app._drop_table()  # first: the words' code takes the table's room (see the docstring)
    import i18n  # and before the text scene is built: the two never share the heap

    kind, code = game.hint_reason
    language = app.game.setup.language
    reason = i18n.reason(language, kind, code)
    other, other_code = game.hint_teacher
    other_reason = i18n.reason(language, "chitarrella", other_code) if other >= 0 else ""
    del i18n
    forget("i18n")
    scene = app._show_text()
    lines = wrap_play(hint_play(game, game.hint_move), scene.chars) + [""] + \
        wrap(reason, scene.chars)
    if other >= 0:
        # What Chitarrella's rules would play instead, below the search's reason: with his
        # reason in full where the rows allow, else its last part ("C-28"), else none
        play = app.texts["hint_teacher"] % hint_play(game, other)
        for words in (other_reason, other_reason.rsplit(": ", 1)[-1], ""):
            book = wrap_play("%s (%s)" % (play, words) if words else play, scene.chars)
            if len(lines) + 1 + len(book) <= scene.rows:
                lines += [""] + book
                break
    show_message(app, "hint", app.texts["hint"], lines, help_line(app, "back_help", 1))


_LABEL_CHARS = 10  # the hand's longest row label, "Settebello"


def _team_names(app):
    if app.game.setup.mode == VS_BOTS:
        return None
    return app.texts["team_cols"]


def show_hand_end(app) -> None:
    """The hand's points, side by side (lib/summaries.py), and below them the cards that made
    each side's primiera: a row a side, or both on one row where the screen has one left
    (re bello or napola on a small screen), or none where it has none (both on)."""
    app._drop_table()  # first: the summaries take the table's room
    from summaries import hand_rows, primiera_cards

    texts = app.texts
    game = app.game
    title, rows = hand_rows(game.state, texts)
    cards = primiera_cards(game.state, game.card_name)
    forget("summaries")
    show_message(app, "hand_end", title, (),
                 help_line(app, "result_help" if game.match_over else "next_hand"))
    scene = app.text_scene
    base = 8 if scene.chars >= 40 else 5
    names = _team_names(app) or texts["columns"][1:3]
    points = texts["columns"][3]
    # each column at least a space wider than its heading
    wide = max(base, len(names[0]) + 1, len(names[1]) + 1)
    last = max(base, len(points) + 1)
    if scene.chars - 2 * wide - last < _LABEL_CHARS:
        names = TEAM_LETTERS  # "Team A" leaves the labels no room: the letters alone
        wide = base
    widths = (wide, wide, last)
    scene.columns(0, ("", names[0], names[1], points), widths, DIM)
    for i, row in enumerate(rows):
        scene.columns(i + 1, row, widths)
    first = len(rows) + 1  # the primiera's cards (C-18, C-22) under the totals,
    if first + 3 <= scene.rows:  # a row apart where the screen has one to spare
        first += 1
    label = texts["rows"][3]
    if first + 2 <= scene.rows:
        for team in range(2):
            line = "%s %s: %s" % (label, names[team], cards[team])
            if len(line) > scene.chars:
                line = line[len(label) + 1:]  # "Them: 7d 6c Ab 7s"
            scene.set_row(first + team, line)
    elif first < scene.rows:  # one row left (re bello or napola on): both sides on it,
        both = "%s / %s" % cards  # in the columns' order
        if len(label) + 1 + len(both) > scene.chars:
            both = "%s/%s" % cards
            label = label[:scene.chars - len(both) - 1]  # "Pr 7d 6c Ab 7s/Kd - 5b 6s"
        scene.set_row(first, "%s %s" % (label, both))


def show_match_end(app) -> None:
    """The result, and a menu: play again or quit."""
    app._drop_table()  # first: the summaries take the table's room
    from summaries import match_result

    game = app.game
    declarer = game.state.match.declarer
    name = ""
    if declarer >= 0:
        if game.setup.mode == VS_BOTS:  # as the one person's table names the seats ("Right")
            name = game.scene_texts()["seats"][(declarer - max(game.viewer, 0)) & 3]
        else:  # the whole table reads it: a person's name, or a bot's compass point
            name = game.seat_names(-1)[declarer]
    title, detail, recap = match_result(game.state, app.texts, _team_names(app), name,
                                        game.scope_made)
    forget("summaries")
    chars = app._show_text().chars
    lines = wrap(detail, chars) + wrap(recap, chars)  # "You declared out falsely, grade 3:
    # cappotto", then "4 hands, scope 2-5"
    show_menu(app, "match_end", title, _MATCH_END_ITEMS, len(lines) + 1)
    for row in range(len(lines)):
        app.text_scene.set_row(row, lines[row])
