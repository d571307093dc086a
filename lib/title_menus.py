"""The menus before a match: the title (with the saved match as Continue), the options, the
pass-and-play seats and the people's names, how to play, the statistics and the language.

The ``App`` (lib/app.py) imports this module to show one of these screens or to answer their
rows, and drops it (engine/unload.py ``forget``) when a match starts, so a board does not hold
this code during play; the title loads it again. Each function works on the ``App`` it is
given, through the menu machinery of lib/text_screens.py (``show_menu``, ``draw_items``,
``move_cursor``), which the pause and match-end menus share. The App keeps none of these
functions (a MicroPython function keeps its module's globals alive), so dropping the module
frees it.

Allocation: builds strings (edge: menus only).
"""

import i18n
import match_setup
from game import TAKE
from match_setup import BOT, VS_BOTS, WATCH
from text_line import wrap
from text_scene import DIM
from text_screens import draw_items, help_line, move_cursor, show_menu

from engine.rules import release_parser
from engine.unload import forget

_TITLE_ITEMS = ("vs_bots", "pass", "watch", "howto", "options", "stats", "language")
_OPTION_ITEMS = ("preset", "tre_gradi", "target", "re_bello", "napola", "ace_sweep",
                 "deal_shape", "review_captures", "level", "pace", "sound", "deck", "back")
_FLAGS = ("tre_gradi", "re_bello", "ace_sweep", "sound")  # the options that are on or off
_PLAYER_ITEMS = ("seat0", "seat1", "seat2", "seat3", "names", "start", "back")
_NAME_ITEMS = ("name0", "name1", "name2", "name3", "back")
# A name is spelt a letter at a time in two choices, a group then its letter, so four buttons
# or a touchscreen spell it as easily: the first letter a capital, the others small.
_GROUPS = ("ABCDEF", "GHIJKL", "MNOPQR", "STUVWX", "YZ")
# Back keeps the name as it was: a touchscreen has no BACK button for it.
_SPELL_ITEMS = _GROUPS + ("delete", "done", "back")
# The options that cycle through a tuple of values: key -> (the values, the texts key of
# their words, or "" to show the value itself)
_CHOICES = {
    "target": (match_setup.TARGETS, ""),
    "napola": (match_setup.NAPOLA, "napola_names"),
    "deal_shape": (match_setup.DEAL_SHAPES, ""),
    "review_captures": (match_setup.REVIEWS, "review_names"),
    "level": (match_setup.LEVELS, "level_names"),
    "pace": (match_setup.PACES, "pace_names"),
    "deck": (match_setup.DECKS, "deck_names"),
}
_STATS_ITEMS = ("back", "reset")  # Back first: a second press must not near a reset
_HOWTO_ITEMS = ("next_page", "back")
_NEW_MATCH = ("vs_bots", "watch", "start")  # items that replace a saved match


def _next(values, value):
    """The value after ``value`` in ``values``, wrapping round."""
    for i in range(len(values)):
        if values[i] == value:
            return values[(i + 1) % len(values)]
    return values[0]


# -- screens ----------------------------------------------------------------------------------


def open_title(app) -> None:
    """The title at start-up or after a match, the save read again: Continue when it is valid,
    a line on why when it is not. The App's texts gain the menus' (``_start`` drops them).
    At start-up, an App given no set-up takes the one kept on the drive."""
    if app.setup is None:
        app.setup = _stored_setup(app)
    if app.setup.people > 1:  # the players screen seats them as last time (_keep_setup)
        app.pass_seats[:] = app.setup.seats
    if app.keep_choices:  # the pause menu turned the sound (lib/app.py _toggle_sound) in a
        _keep_setup(app)  # match left before its end
    app.texts = i18n.texts(app.setup.language, menus=True)
    _load_save(app)
    show_title(app)


def _load_save(app) -> None:
    if app.drive is None:
        return
    import save_read
    from record_read import SaveError  # save_read reads with it

    try:
        app.saved = save_read.load(app.drive)
    except SaveError as error:  # go on without it: the reason in one line on the
        print("save ignored:", error)  # console, a short one in the title's words
        app.message = "save_bad"  # a key: the title says it in the language of the moment
        app.saved = None
    app._forget_files()
    if app.saved is not None:  # the title in the saved match's language and sound; Continue
        saved = app.saved[0]  # keeps whatever the title shows then
        _use_language(app, saved.language)
        # the pause menu's sound reaches the settings at the match's end, but every play's
        # save has it: a board switched off mid-match comes back with it
        app.setup.sound = saved.sound
    forget("engine.edge")  # the save's replay checked its plays; play needs none of it


def _stored_setup(app):
    if app.drive is None:
        return match_setup.MatchSetup()
    import settings

    setup = settings.load(app.drive)
    app._forget_files()
    return setup


def _keep_setup(app) -> None:
    """Store the title's set-up for the next start (lib/settings.py ``keep``)."""
    if app.save_dir is not None:
        __import__("settings").keep(app)
        app._forget_files()


def leave_menu(app) -> None:
    """Back from a menu before a match: from the names to the players, from spelling a name
    (the letters so far dropped) to the names, from a group's letters to the spelling; from
    the others to the title, the choices kept, with the cursor on the item that opened
    them."""
    screen = app.screen
    if screen == "names":
        show_players(app)
        move_cursor(app, _PLAYER_ITEMS.index("names"))
        return
    if screen == "spell":
        show_names(app)
        move_cursor(app, _person)
        return
    if screen == "letters":
        show_spelling(app)
        return
    opened = "pass" if screen == "players" else screen
    if opened in ("options", "pass"):  # the others change no choice: nothing to write
        _keep_setup(app)
    show_title(app)
    if opened in app.items:
        move_cursor(app, app.items.index(opened))


def show_title(app) -> None:
    """The title menu (with Continue when a valid save is there)."""
    texts = app.texts
    items = _TITLE_ITEMS if app.saved is None else ("continue",) + _TITLE_ITEMS
    show_menu(app, "title", texts["title"], items, 1, texts[app.message] if app.message else "")
    app.text_scene.set_centered(0, texts["subtitle"], DIM)


def show_options(app) -> None:
    """The rules options, difficulty, the bots' speed, the sound (on a board with a speaker)
    and the deck."""
    items = _OPTION_ITEMS if app.sound is not None else \
        tuple(key for key in _OPTION_ITEMS if key != "sound")
    show_menu(app, "options", app.texts["options"], items)


def show_players(app) -> None:
    """Pass-and-play: who sits where (people by name, bots in the empty seats)."""
    show_menu(app, "players", app.texts["players"], _PLAYER_ITEMS)


def show_names(app) -> None:
    """The pass-and-play people's names, each to spell anew."""
    show_menu(app, "names", app.texts["names"], _NAME_ITEMS)


_person = 0  # whose name is being spelt (0..3)
_spelt = ""  # the letters so far


def show_spelling(app, person: int = -1) -> None:
    """Spell person ``person``'s name (-1: go on with the one begun): whose and the letters
    so far as the title, the letter groups, Delete and Done."""
    global _person, _spelt
    if person >= 0:
        _person = person
        _spelt = ""
    show_menu(app, "spell", _spelling_title(app), _SPELL_ITEMS)


def _spelling_title(app) -> str:
    return "%s: %s_" % (app.texts["person"] % (_person + 1), _spelt)


def _spell(app, key: str) -> None:
    """A spelling screen's row ``key``: a group opens its letters, a letter is added, Delete
    takes the last one off, Done keeps the name (one letter at least, NAME_CHARS at most)."""
    global _spelt
    texts = app.texts
    if key in _GROUPS:
        letters = tuple(key if not _spelt else key.lower())
        show_menu(app, "letters", _spelling_title(app), letters + ("back",))
        return
    footer = ""
    if key == "delete":
        _spelt = _spelt[:-1]
    elif key == "done":
        if _spelt:
            app.setup.names[_person] = _spelt
            _keep_setup(app)  # kept at once: a match may start without a Back first
            show_names(app)
            move_cursor(app, _person)
            return
        footer = texts["name_empty"]
    elif len(_spelt) < match_setup.NAME_CHARS:
        _spelt += key
    else:
        footer = texts["name_full"] % match_setup.NAME_CHARS
    show_spelling(app)
    if key in ("delete", "done"):
        move_cursor(app, len(_GROUPS) + (key == "done"))
    if footer:
        app.text_scene.set_footer(footer)


_howto_page = 0  # the page of how to play on screen


def show_howto(app, page: int) -> None:
    """How to play: page ``page`` (wrapping round) of lib/howto.py's, its heading and number
    as the title, its text wrapped above Next page and Back."""
    global _howto_page
    pages = __import__("howto").pages(app.setup.language, app.board.keys)
    forget("howto")
    _howto_page = page % len(pages)
    heading, text = pages[_howto_page]
    rows = app._show_text().rows - len(_HOWTO_ITEMS)
    show_menu(app, "howto", "%s %d/%d" % (heading, _howto_page + 1, len(pages)),
              _HOWTO_ITEMS, rows)
    for row, line in enumerate(wrap(text, app.text_scene.chars)[:rows]):
        app.text_scene.set_row(row, line)


def show_stats(app) -> None:
    """The statistics, with a reset."""
    from summaries import stats_rows

    stats = app.stats
    rows = stats_rows(stats, app.texts, match_setup.LEVELS)
    forget("summaries")
    app._forget_files()
    # a damaged file counts as none, and the next match's result replaces it: say so
    show_menu(app, "stats", app.texts["stats"], _STATS_ITEMS, len(rows) + 1,
              app.texts["stats_bad"] if stats.error else "")
    scene = app.text_scene
    for i, (left, right) in enumerate(rows):
        scene.set_row(i, left, right)
    scene.set_row(len(rows), "")


# -- rows -------------------------------------------------------------------------------------


def item_text(app, key: str) -> tuple:
    """(left, right) of row ``key``: a setting and its value, a seat and who sits there, or
    the item's name alone."""
    texts = app.texts
    setup = app.setup
    if key == "language":
        return texts["language"], texts["lang_names"][i18n.LANGUAGES.index(setup.language)]
    if key == "preset":  # a * says an option differs from what the preset gives
        edited = __import__("match_options").edited(setup)
        return texts["preset"], setup.preset + ("*" if edited else "")
    if key in _FLAGS:
        return texts[key], texts["on_off"][bool(getattr(setup, key))]
    if key in _CHOICES:
        values, words = _CHOICES[key]
        value = getattr(setup, key)
        if not words or value not in values:  # a number, a deal, or "desktop" (the simulator)
            return texts[key], str(value)
        return texts[key], texts[words][values.index(value)]
    if key.startswith("seat"):
        seat = int(key[4])
        person = app.pass_seats[seat]
        return texts["seat_rows"][seat], setup.names[person - 1] if person else texts["bot"]
    if key.startswith("name") and key != "names":
        person = int(key[4])
        return texts["person"] % (person + 1), setup.names[person]
    if len(key) == 1 or key in _GROUPS:  # a letter, or a group of them
        return " ".join(key), ""
    return texts[key], ""


def activate(app, key: str, armed: str = ""):
    """Do what row ``key`` says: open a menu, change a setting, or choose a match.

    Returns the match to start, the arguments of the App's ``_start`` (which drops this
    module: the caller starts it once this function has returned): ``(setup, None, 0)`` for
    a new match, the save's ``(setup, state, matches, scope)`` to continue; or None. A new
    match would replace a saved one: then it asks "Sure?" first (``armed``, the item that
    asked, is ``key`` when it is chosen again)."""
    setup = app.setup
    if key in _NEW_MATCH:
        if key == "start":
            match = _pass_setup(app)  # None, and why in the footer, unless the seats will do
        else:
            setup.set_mode(VS_BOTS if key == "vs_bots" else WATCH)
            match = setup, None, 0
        if match is not None and app.saved is not None and armed != key:
            app.armed = key  # the row reads "Sure? Play with bots", the footer why
            scene = app.text_scene
            scene.covered = scene.footer.text  # move_cursor puts it back
            scene.set_footer(app.texts["save_lost"])
            match = None
        if match is None:
            draw_items(app)  # the row asks, or after a refusal no longer does
        return match
    if key == "continue":
        # the match as saved (rules, level, seats), with the title's language, bots' speed,
        # sound and deck, which may have changed; the title's other choices stay for the
        # next match
        saved = app.saved[0]
        saved.language = setup.language
        saved.pace = setup.pace
        saved.sound = setup.sound
        saved.deck = setup.deck
        return app.saved
    if app.screen in ("spell", "letters") and key != "back":
        _spell(app, key)
    elif key == "pass":
        show_players(app)
    elif key == "names":
        show_names(app)
    elif key.startswith("name"):
        show_spelling(app, int(key[4]))
    elif key == "options":
        show_options(app)
    elif key == "howto":
        show_howto(app, 0)
    elif key == "next_page":
        show_howto(app, _howto_page + 1)
    elif key == "stats":
        show_stats(app)
    elif key == "language":
        _use_language(app, _next(i18n.LANGUAGES, setup.language))
        _keep_setup(app)
        _redraw_title(app)
    elif key == "back":
        leave_menu(app)
    elif key.startswith("seat"):
        seat = int(key[4])
        app.pass_seats[seat] = (app.pass_seats[seat] + 1) % 5
        draw_items(app)
        app.text_scene.set_footer(help_line(app, "menu_help"))  # a refusal no longer holds
    elif key == "reset":
        stats = app.stats
        stats.reset()
        app._store_stats(stats)
        show_stats(app)
    else:
        _change_option(app, key)
    return None


def _change_option(app, key: str) -> None:
    """Give option ``key`` its next value; one the rules refuse is undone and named."""
    from engine.rules import RulesError

    setup = app.setup
    before = setup.copy()
    if key == "preset":
        setup.from_preset(_next(match_setup.PRESETS, setup.preset))
    elif key in _FLAGS:
        setattr(setup, key, not getattr(setup, key))
        if key == "sound" and setup.sound:
            app.sound.play(TAKE)  # a taste of it
    elif key in _CHOICES:
        setattr(setup, key, _next(_CHOICES[key][0], getattr(setup, key)))
    footer = help_line(app, "menu_help")
    try:
        setup.rules()
    except RulesError as error:  # leave the setup as it was and say why
        app.setup = before
        footer = str(error)
    draw_items(app)
    app.text_scene.set_footer(footer)
    release_parser()


def _use_language(app, language: str) -> None:
    app.setup.language = language
    app.texts = i18n.texts(language, menus=True)


def _redraw_title(app) -> None:
    """The title again in the new language, the cursor where it was."""
    cursor = app.cursor
    show_title(app)
    move_cursor(app, cursor)


def _pass_setup(app):
    """The pass-and-play match of the players screen's seats, or None (and why, in the footer)
    unless two to four different people sit."""
    people = [n for n in app.pass_seats if n != BOT]
    texts = app.texts
    if len(people) < 2:
        app.text_scene.set_footer(texts["need_people"])
        return None
    for n in people:
        if people.count(n) > 1:
            app.text_scene.set_footer(texts["twice"] % app.setup.names[n - 1])
            return None
    app.setup.set_seats(app.pass_seats)
    return app.setup, None, 0
