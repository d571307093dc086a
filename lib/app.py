"""The whole game on one display: menus, the table, pass-and-play covers, hints, hand and match
ends, statistics, and the saved match.

``App`` shows one of two scenes under its root group: the ``TableScene`` of the match, or the
``TextScene`` of a screen made of text. Only one is built at a time: opening a text screen
lets the table go first, and the table is built again (and drawn from the game's view) when
it comes back, so a board's heap never holds both. The code of the text screens
(lib/text_scene.py, and lib/text_screens.py: the menu machinery and the match's screens) is
loaded only while one shows, in the room the table leaves. A hint or a save is worked out
while the table shows, so neither shares the heap with a text screen (sim/memory_budget.md
counts the largest of these moments). The card sheet stays loaded. While a scene shows,
showing a screen rewrites its tiles and labels and makes no display object. The board's
``code.py`` and the simulator drive it the same way::

    app = App(board, display, load_sheet, clock_ms=ticks_ms, save_dir="/")
    while True:
        code = queue.pop()
        while code != NONE:
            app.handle(code, queue.x, queue.y)
            code = queue.pop()
        app.tick()

Screens (``app.screen``): ``title``, ``options``, ``players`` (pass-and-play seats), ``names``,
``spell`` and ``letters`` (a person's name, a letter at a time), ``howto`` (how to play: the
controls and the rules' pages), ``table``, ``pause`` (BACK on the table, or a touch on the
score: resume, hint, taken cards, declare out, sound, quit), ``hint``, ``captures`` (the taken cards
the rules let a player see again), ``cover`` (pass to the next person), ``hand_end``,
``match_end``, ``stats``.
Menus: UP/LEFT and DOWN/RIGHT move the cursor, SELECT activates the row (a setting takes its
next value), BACK goes back, a touch activates the row touched. So four buttons (LEFT, RIGHT,
SELECT, BACK) reach everything.

The title, options, players, how to play and statistics screens live in lib/title_menus.py,
loaded while one of them is shown and dropped when a match starts; the pause and match-end
menus, the cover, the hint and the end of a hand in lib/text_screens.py. This module keeps what
a match needs while the table shows, and acts on what the menus choose.

Saves (lib/save.py) are written after every play when ``save_dir`` is given, offered as
"Continue" on the title, and cleared when the match ends; statistics (lib/stats.py) count
the matches against bots per difficulty. A drive the game may only read (boot.py's button
held) still gives the title its save, choices and statistics; nothing is written to it.

Allocation: menus and summaries build strings (edge); a play allocates what ``Game`` does.
"""

import gc

import displayio
from game import (
    COVER,
    HAND_SCORED,
    HINT_READY,
    MATCH_DECIDED,
    MODE_BOTS,
    MODE_CHOOSE,
    MODE_COVER,
    PLAYED,
    TAKE,
    Game,
)
from input_events import BACK, HINT, SELECT, TOUCH
from layouts import text_box
from match_setup import VS_BOTS, WATCH

from engine.clock import ticks_diff, ticks_ms
from engine.layout import TERMINAL
from engine.rules import release_parser
from engine.unload import forget

# A key that hurries the bots is often pressed again and again, about once a bot's play; the
# presses that follow within this time (a bot's pause at the normal speed, lib/game.py) go on
# hurrying, so that they do not play a card, lift a pass-and-play cover or pass a hand's
# points that came up meanwhile. A deliberate press after a pause acts.
SKIP_GUARD_MS = 700
# A pass-and-play cover hides the next person's hand until that person lifts it: Select or a
# touch lifts it only after this long without either, as handing the board over takes, so
# that the last person's taps (hurrying the bots, or a play pressed twice) never show it.
COVER_QUIET_MS = 1000

# The save and statistics modules, dropped together after each use (they share record_read's
# SaveError, which must stay one class).
_FILE_MODULES = ("save", "save_read", "stats", "settings", "record_file", "record_read", "crc")


class App:
    """The game's screens on ``display`` (see the module docstring).

    :param board: the lib/boards.py profile (screen size, layout, touch or buttons).
    :param display: anything with ``root_group`` (the board's display, the simulator's).
    :param load_sheet: ``load_sheet(style)`` -> (bitmap, palette) of the card sheet for this
        board in deck style ``"italian"`` or ``"french"``.
    :param clock_ms: a function returning wrapping milliseconds (default engine/clock.py).
    :param save_dir: where the save and the statistics live (``"/"`` on a board), or None.
    :param read_only: the game may read ``save_dir`` but not write to it (README "On a board",
        3.): the save, the choices and the statistics are read; the statistics go on in
        memory.
    :param setup: the MatchSetup the menus start from; None for the one kept on the drive
        (lib/settings.py), or the default.
    :param speaker: the board's speaker (lib/sound.py ``Speaker``, the simulator's), or None
        for a board without one: the game is then silent and the options offer no sound.
    """

    MATCH_MENUS = ("pause", "match_end")  # the menus of a match; lib/title_menus.py has the others
    CONFIRMED = ("declare", "reset")  # items that act on a second SELECT: they cannot be undone

    def __init__(self, board, display, load_sheet, clock_ms=None, save_dir=None, setup=None,
                 read_only=False, speaker=None):
        self.board = board
        self.sound = None  # lib/sound.py, loaded only for a speaker
        if speaker is not None:
            from sound import Sound

            self.sound = Sound(speaker)
        self.display = display
        self.load_sheet = load_sheet
        self.clock_ms = clock_ms or ticks_ms
        self.save_dir = None if read_only else save_dir  # None: nothing is written
        self.drive = save_dir  # where the title reads, even when writing is off
        self.setup = setup  # the title fills it in when None (lib/title_menus.py)
        self.texts = {}  # the title fills it, with the menus' texts (lib/title_menus.py)
        self.group = displayio.Group()
        self.text_scene = None  # built while a text screen shows (_show_text)
        self.table_scene = None  # built while the table shows (show_table)
        self._sheet = None  # (deck, bitmap, palette): the card sheet, kept between tables
        self.game = None
        self.screen = ""
        self.items = ()
        self.cursor = 0
        self._top = 0  # the first item on screen (long menus scroll)
        self._first_row = 0  # the text row of the first menu item
        self.message = ""  # the key of a text for the title's footer (a save ignored)
        self.keep_choices = False  # the pause menu turned the sound: kept at the match end or title
        self.armed = ""  # the CONFIRMED item chosen once, which asks "Sure?"
        self.saved = None  # a valid save: (setup, state, matches, scope, stream)
        self.pass_seats = bytearray((1, 0, 2, 0))  # the players screen: seat -> person
        self._stats = None  # the statistics kept in memory when the drive cannot keep them
        self._stored = None  # (matches, hand, phase, ply) of the last save (_store)
        self._pressed = None  # the clock at the last Select or touch (COVER_QUIET_MS)
        display.root_group = self.group
        self._open_title()
        self._deck = self.setup.deck  # the deck style of the table: the match's (_start)
        release_parser()  # MatchSetup and the save needed it; the options menu loads it again

    # -- files ----------------------------------------------------------------------------

    @property
    def stats(self):
        """The statistics (lib/stats.py), read from the drive each time they are needed, so a
        board does not hold them, or their file code, during a match. When the drive cannot be
        written they live in memory, from what it holds (if it can be read) on."""
        if self.save_dir is None:
            if self._stats is None:
                from stats import Stats, load_stats

                self._stats = load_stats(self.drive) if self.drive is not None else Stats()
            return self._stats
        from stats import load_stats

        stats = load_stats(self.save_dir)
        if stats.error:
            print("statistics reset:", stats.error)
        return stats

    def _store(self) -> None:
        """Save the match, unless it has not moved since the last save (a pass-and-play cover
        comes up after a play was saved). Always with the table up: see the module docstring."""
        game = self.game
        if self.save_dir is None or game is None:
            return
        state = game.state
        if state.phase == TERMINAL:  # recorded when it ends (_record_match), which clears the
            return  # save: saved again, each Continue would count it once more
        position = (game.matches, state.hand_number, state.phase, state.ply)
        if position == self._stored:
            return
        import save

        try:
            save.store(self.save_dir, game.setup, state, game.matches, game.scope_made,
                       game.bot_stream)
            self._stored = position
        except OSError as error:  # a read-only drive (boot.py's button held): play on
            self._cannot_write(error)
        except ValueError as error:  # a count past the save's fields, from a hand-made save
            print("cannot save:", error)  # the last save stays; play on
            self._stored = position
        self._forget_files()

    def _forget_files(self) -> None:
        """Drop the save and statistics modules until their next use."""
        forget(*_FILE_MODULES)

    def _cannot_write(self, error) -> None:
        """Say once that the drive cannot be written, and stop trying."""
        print("cannot save:", error)
        self.save_dir = None

    def _clear_save(self) -> None:
        self.saved = None
        self._stored = None
        if self.save_dir is not None:
            import save

            save.clear(self.save_dir)
            self._forget_files()

    # -- menus ----------------------------------------------------------------------------

    @staticmethod
    def _screens():
        """lib/text_screens.py, loaded while a text screen shows (see the module docstring).
        Callers keep no reference to it, so show_table's collection lets it go."""
        return __import__("text_screens")

    def _activate(self, key: str) -> None:
        """Do what menu item ``key`` says (called once lib/text_screens.py has returned); an
        item of ``CONFIRMED`` asks "Sure?" first and acts when chosen again."""
        armed = self.armed
        if key in self.CONFIRMED and armed != key:
            self.armed = key
            self._screens().draw_items(self)
            return
        self.armed = ""
        if self.screen not in self.MATCH_MENUS:
            match = __import__("title_menus").activate(self, key, armed)
            if match is not None:  # started once the menus' code has returned: _start drops it
                self._start(*match)
        elif key == "resume":
            self._resume()
        elif key == "hint":
            self.show_table()
            self.game.hint()
        elif key == "sound":
            self._toggle_sound()
        elif key == "captures":
            __import__("taken_cards").show(self)  # dropped with the text screens' code
        elif key == "declare":
            self.show_table()
            self.game.declare()
        elif key == "again":
            self.show_table()
            self.game.next()  # may put up a cover at once (pass-and-play)
            self._store()
        elif key == "quit":
            self._quit()

    def _toggle_sound(self) -> None:
        """The pause menu's sound: on or off for the rest of the match and for the title's
        next, kept on the drive when the match ends or the title shows (a write beside this
        screen would not fit the memory budget, sim/memory_budget.md)."""
        game = self.game
        on = game.setup.sound = self.setup.sound = not game.setup.sound
        game.sound = self.sound if on else None
        if on:
            self.sound.play(TAKE)  # a taste of it, as the title's options give
        else:
            self.sound.hush()  # a tune of the last play stops at once
        self.keep_choices = True
        self._screens().draw_items(self)

    def _back(self) -> None:
        """BACK on a text screen."""
        screen = self.screen
        if screen in ("options", "players", "howto", "stats", "names", "spell", "letters"):
            __import__("title_menus").leave_menu(self)
        elif screen == "pause":  # the hint's BACK goes to the table in handle
            self._resume()
        elif screen == "match_end":
            self._quit()

    def _resume(self) -> None:
        """Back to the match: to its cover while one waits (pass-and-play), else the table."""
        if self.game.mode == MODE_COVER:
            self._screens().show_cover(self)
        else:
            self.show_table()

    # -- screens --------------------------------------------------------------------------

    def _show_text(self):
        """Return the text scene, built if it is not up; the table goes first."""
        scene = self.text_scene
        if scene is None:
            self._drop_table()
            scene = self.text_scene = self._new_text_scene()
            self.group.append(scene.group)
        return scene

    def _new_text_scene(self):
        from text_scene import TextScene  # dropped again with the scene (show_table)

        board = self.board
        return TextScene(board.width, board.height, board.layout)

    def _drop_text(self) -> None:
        """Let the text scene and its modules go (the table is about to show)."""
        if self.text_scene is not None:
            self.group.remove(self.text_scene.group)
            self.text_scene = None
        forget("text_screens", "text_scene", "taken_cards")  # the title's menus load them too

    def _drop_table(self) -> None:
        """Let the table scene go (a text screen is about to show); the game draws on nothing
        until show_table builds it again."""
        if self.table_scene is not None:
            self.group.remove(self.table_scene.group)
            self.table_scene = None
            if self.game is not None:
                self.game.attach(None)
            gc.collect()  # its objects go before the text scene's are made

    def _open_title(self) -> None:
        """The title, with the save read again (lib/title_menus.py)."""
        __import__("title_menus").open_title(self)

    def show_table(self) -> None:
        """The table of the match in play, built again and drawn from the game's view; the
        text scene goes first, until the next text screen."""
        self.screen = "table"
        self._drop_text()
        gc.collect()  # the text scene's objects go before the table's (or a match's) are made
        if self.table_scene is not None:
            return
        scene = self.table_scene = self._new_table_scene()
        self.group.append(scene.group)
        if self.game is not None:
            self.game.attach(scene)

    # -- matches --------------------------------------------------------------------------

    def _new_table_scene(self):
        """A table scene on the card sheet of ``self._deck`` (read again only for another
        deck)."""
        from table_scene import TableScene

        deck = self._deck
        if self._sheet is None or self._sheet[0] != deck:
            self._sheet = None
            gc.collect()  # the old sheet goes before the new one is read
            self._sheet = (deck,) + tuple(self.load_sheet(deck))
            forget("card_tiles")  # the sheet's names and sizes: wanted again for another deck
        board = self.board
        return TableScene(board.width, board.height, board.layout, self._sheet[1],
                          self._sheet[2], self.texts)

    def _start(self, setup, state=None, matches: int = 0, scope=(0, 0), stream=None) -> None:
        """Play a match of ``setup`` (a copy is kept), or go on from a restored ``state``
        (``matches``, ``scope`` and the bots' ``stream`` as the save kept them)."""
        if state is None:
            setup.seed = (self.clock_ms() & 0x3FFF) + 1  # a new deal each time (from timing)
        setup = setup.copy()
        self.game = None
        rules = state.rules if state is not None else setup.rules()
        release_parser()  # the rules are built: the parser's code goes until a menu needs it
        forget("title_menus", "match_options")  # the title loads them again
        import i18n

        # the match's texts for this board's buttons, without the menus' (which the title
        # brings back)
        self.texts = i18n.texts(setup.language, keys=self.board.keys,
                                watching=setup.mode == WATCH)
        if setup.deck != self._deck:
            self._drop_table()
            self._deck = setup.deck
        self.show_table()  # the parser and the title's code go before the State and bot buffers
        self.game = Game(self.table_scene, setup, rules, clock_ms=self.clock_ms,
                         texts=self.texts, state=state, matches=matches, scope_made=scope,
                         listener=self._on_game, bot_stream=stream, search=self.board.search,
                         sound=self.sound if setup.sound else None)
        del i18n  # this frame's reference: the module goes with its sys.modules entry
        forget("i18n")  # the words are built; a hint's reason loads it for a moment
        self._stored = None
        self.message = ""
        self.game.start()  # may put up a cover at once (pass-and-play)
        if self.screen == "table":  # a restored hand over shows its end at once: the save
            self._store()  # waits for the next deal, as the save never shares a text screen

    def _quit(self) -> None:
        """Back to the title; the match stays saved, so the title offers to continue it."""
        self.game = None
        self._open_title()

    def _on_game(self, event: int) -> None:
        if event == PLAYED:
            self._store()
        elif event == HAND_SCORED:
            self._screens().show_hand_end(self)
        elif event == MATCH_DECIDED:
            self._record_match()
            self._screens().show_match_end(self)
        elif event == COVER:
            self._store()  # before the cover's text screen: a new match or deal is not saved yet
            self._screens().show_cover(self)
        elif event == HINT_READY:
            self._screens().show_hint(self)

    def _record_match(self) -> None:
        game = self.game
        self._clear_save()
        if self.keep_choices and self.save_dir is not None:  # the pause menu's sound, kept
            __import__("settings").keep(self)  # now the bots are gone (sim/memory_budget.md)
            self._forget_files()
            forget("match_options")  # keep seats the set-up through it; Play again needs none
        if game.setup.mode != VS_BOTS:  # statistics count matches against bots
            return
        state = game.state
        team = game.viewer & 1
        stats = self.stats
        stats.record_match(game.setup.level, state.match.winner == team,
                           game.scope_made[team], state.score[team], state.score[1 - team])
        self._store_stats(stats)

    def _store_stats(self, stats) -> None:
        if self.save_dir is not None:
            from stats import store_stats

            try:
                store_stats(self.save_dir, stats)
            except OSError as error:
                self._cannot_write(error)
                self._stats = stats  # the match just recorded, kept for the session
            self._forget_files()

    # -- input ----------------------------------------------------------------------------

    def handle(self, code: int, x: int = 0, y: int = 0) -> None:
        """React to one input event (input_events.py codes; ``x``, ``y`` for TOUCH)."""
        screen = self.screen
        quiet = True  # no Select or touch for COVER_QUIET_MS before this one
        if code == SELECT or code == TOUCH:
            now = self.clock_ms()
            quiet = self._pressed is None or ticks_diff(now, self._pressed) >= COVER_QUIET_MS
            self._pressed = now
            if self._hurrying():
                return
        if screen == "table":
            self._table_input(code, x, y)
        elif screen == "cover":
            screens = self._screens()
            if code == BACK or code == TOUCH and screens.on_cover_menu(self, x, y):
                screens.show_pause(self)  # resume or quit, the hands still hidden
            elif (code == SELECT or code == TOUCH) and quiet:
                self.show_table()
                self.game.uncover()
        elif screen == "hand_end":
            if code == SELECT or code == TOUCH:
                self.show_table()
                self.game.next()
                if self.screen == "table":  # a new deal (a cover or a match end saw to it)
                    self._store()
        elif screen in ("hint", "captures"):
            if code in (SELECT, BACK, TOUCH):
                self.show_table()
        elif code == BACK:
            self._back()
        else:
            key = self._screens().menu_input(self, code, x, y)
            if key:
                self._activate(key)

    def _hurrying(self) -> bool:
        """True while the bots' turns go on being hurried (SKIP_GUARD_MS): a confirming key
        pressed then is dropped, and keeps the guard up."""
        game = self.game
        if game is None or game.hurried is None \
                or (self.screen == "table" and game.mode == MODE_BOTS):
            return False  # no guard up, or this key hurries them again (_table_input)
        now = self.clock_ms()
        if ticks_diff(now, game.hurried) < SKIP_GUARD_MS:
            game.hurried = now
            return True
        game.hurried = None
        return False

    def _table_input(self, code: int, x: int, y: int) -> None:
        game = self.game
        if code == TOUCH and (game.setup.mode == WATCH or self._on_score(x, y)):
            # A touch screen has no BACK button: the score opens the pause menu, and so does
            # any touch while watching bots, which has no hand to touch.
            code = BACK
        if code != BACK and game.mode == MODE_BOTS:
            game.hurried = self.clock_ms()  # this key hurries the bots (SKIP_GUARD_MS)
        if code == BACK and game.mode != MODE_CHOOSE:  # there BACK cancels the choice
            self._screens().show_pause(self)
        elif code == HINT and game.setup.mode == WATCH:
            return
        else:
            game.handle(code, x, y)

    def _on_score(self, x: int, y: int) -> bool:
        geometry = self.table_scene.layout
        left, top, width, _ = text_box(geometry.score[0])
        bottom = text_box(geometry.score[1])[1] + 12
        return left <= x < left + width and top <= y < bottom

    def tick(self) -> None:
        """Call every frame: lets the bots play while the table is on screen, then steps the
        tune playing (last: a tune starts with the refresh that shows its play)."""
        if self.screen == "table" and self.game is not None:
            self.game.tick()
        if self.sound is not None:
            self.sound.tick(self.clock_ms())

    @property
    def busy(self) -> bool:
        """True while bots are about to play or a tune plays (lib/main_loop.py collects garbage
        only when calm: a collection would hold a note)."""
        if self.sound is not None and self.sound.tune:
            return True
        return self.screen == "table" and self.game is not None and self.game.mode == MODE_BOTS
