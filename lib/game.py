"""One match on the table scene: people and bots in the seats a ``MatchSetup`` gives.

``Game`` turns input events into plays for the person whose turn it is and lets the bots play
one card at a time, with a pause so a person can follow; a bot's capture shows for another
pause before it is made, the card played on the table framed with the cards it takes. It
draws only the table, through ``TableScene`` (which built every display object; the game makes
none), keeps what it drew in a ``TableView`` so that a table built again after a text screen
shows the same (``attach``), and tells its ``listener`` what the app must show on other
screens::

    game = Game(scene, setup, clock_ms=ticks_ms, listener=app._on_game)
    game.start()
    game.handle(code, x, y)   # an input event while the table is on screen
    game.tick()               # every frame: a bot plays once its pause is over

Listener events: ``PLAYED`` after every play (the app saves), ``HAND_SCORED`` (the hand was
scored: show the breakdown, then call ``next``), ``MATCH_DECIDED`` (the match is decided, after the
last hand's ``HAND_SCORED`` and its ``next``, or at once when a side declares out; ``next``
starts another), ``COVER`` (pass-and-play: another person plays next; hide every hand until
they confirm, then call ``uncover``) and ``HINT_READY`` (``hint_move`` holds the suggestion,
``hint_reason`` its reason as ``(kind, code)``: lib/i18n.py ``reason`` words it;
``hint_teacher`` Chitarrella's player's other move and reason, if he would play another).

The viewer is the person whose hand is drawn face up. With one person it is always that
person; in pass-and-play it becomes the next person only through ``uncover``, so a person's
hand is never on screen during another person's turn; watching bots, it is seat 0.

Keys: LEFT/RIGHT move over your hand, SELECT plays the card; when it has several legal
captures, LEFT/RIGHT cycle the takes (highlighted on the table), SELECT confirms, BACK
cancels. A touch selects a hand card, a second touch plays it; during a capture choice a
touch on a table card picks a take holding it. HINT asks for a hint. Only legal moves are
ever offered (C-11: a card that must capture cannot be trailed).

Rules: RULES §8 (hand flow), C-11 (capture choice), C-14 (scope shown), C-26 (declaring out).
Allocation: none per frame; a play builds the last play text, a hint its words (edge).
"""

from input_events import BACK, HINT, LEFT, RIGHT, SELECT, TOUCH
from match_setup import BOT, PACES, PASS, VS_BOTS, WATCH
from table_scene import TEXT_KEYS, TableView, fill_view, last_play_text

from engine import observe
from engine.cards import NO_CARD
from engine.clock import ticks_diff, ticks_ms
from engine.layout import DEAL, HAND_OVER, TERMINAL
from engine.moves import MAX_CARD_MOVES, MAX_MOVES, TABLE_MASK
from engine.unload import forget

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


# What the game waits for.
MODE_PLAY = const(0)  # a person's card: LEFT/RIGHT/SELECT/TOUCH
MODE_CHOOSE = const(1)  # a person's capture: LEFT/RIGHT/SELECT/BACK/TOUCH
MODE_BOTS = const(2)  # a bot plays when the pause is over
MODE_HAND_END = const(3)  # the app shows the hand's points; ``next`` deals again
MODE_MATCH_END = const(4)  # the app shows the result; ``next`` starts a new match
MODE_COVER = const(5)  # pass-and-play: the app shows the cover; ``uncover`` goes on

# Listener events.
PLAYED = const(1)
HAND_SCORED = const(2)
MATCH_DECIDED = const(3)
COVER = const(4)
HINT_READY = const(5)

# The table's tunes (lib/sound.py plays them): (hz, ms) pairs, hz 0 a rest.
PLAY = (1568, 20)  # a card laid on the table: a tick (G6)
TAKE = (1175, 35, 1568, 45)  # a capture (D6, G6)
SCOPA = (1047, 60, 1319, 60, 1568, 60, 2093, 180)  # a sweep: C6 E6 G6 C7
BARRED = (196, 140)  # a card the rules bar: a low buzz (G3)
WON = (784, 110, 988, 110, 1175, 110, 1568, 360)  # a match won: G5 B5 D6 G6
LOST = (784, 160, 740, 160, 698, 160, 659, 420)  # a match lost: G5 F#5 F5 E5

BOT_PAUSE_MS = const(700)
PAUSES_MS = (BOT_PAUSE_MS, 300, 1400)  # a bot's pause at each of match_setup.PACES
MATCH_SEED_STEP = const(1000)  # match n of a session is seeded setup.seed + 1000 * n
TEAM_LETTERS = ("A", "B")  # the teams where "Team A" does not fit (the players screen's)


def name_text(texts: dict, key: str, name: str) -> str:
    """``texts[key] % name``, with Italian's "ad" for "a" before a name that starts with an a
    ("Tocca ad Anna"; lang_it.py ``ad_before``)."""
    text = texts[key] % name
    if name[:1] and name[:1] in texts["ad_before"]:
        text = text.replace(" a " + name, " ad " + name)
    return text


def match_seed(setup, matches: int) -> int:
    """The seed of match number ``matches`` (0 first) played with ``setup``, wrapping round
    below 2**30 (engine/rng.py's seeds) in a session of a million matches."""
    return (setup.seed + MATCH_SEED_STEP * matches) & 0x3FFFFFFF


class Game:
    """A match of ``setup`` drawn on ``scene`` (see the module docstring).

    :param rules: the Rules (default ``setup.rules()``).
    :param clock_ms: a function returning the time in (wrapping) milliseconds.
    :param texts: the words (lib/i18n.py ``texts``; default the setup's language).
    :param state: a State to go on from (a restored save, a set-up position); default a
        new match seeded ``match_seed(setup, matches)``.
    :param matches: how many matches this session played before this one.
    :param scope_made: the scope (team 0, team 1) the match's finished hands made, for a
        restored ``state`` (a save keeps them, lib/save.py).
    :param bot_stream: the bots' random stream (``bot_stream``) for a restored ``state``,
        so the bots play on as they would have; None or zeros: from the match's seed.
    :param listener: ``listener(event)`` is called with the events above.
    :param search: False on a board whose heap cannot hold the bots' search (lib/boards.py
        ``SEARCH_MIN_FREE``): the bots and the hints then play Chitarrella's rules
        (engine/bots/levels.py; the bots at normal without his strategy, careful).
    :param sound: the lib/sound.py ``Sound`` the table's tunes play on, or None for silence.
    """

    def __init__(self, scene, setup, rules=None, clock_ms=None, texts=None, state=None,
                 matches: int = 0, scope_made=(0, 0), listener=None, bot_stream=None,
                 search=True, sound=None):
        import i18n

        from engine.state import State

        self._letters = i18n.card_letters(setup.language, setup.deck)  # (ranks, suits)
        self.scene = scene
        self.setup = setup
        self.rules = rules if rules is not None else setup.rules()
        self.texts = texts or i18n.texts(setup.language)
        self.clock_ms = clock_ms or ticks_ms  # engine/clock.py pairs it with ticks_diff
        self.listener = listener
        self.matches = matches
        self.pause_ms = PAUSES_MS[PACES.index(setup.pace)]
        seed = match_seed(setup, matches)
        self.state = state if state is not None else State(self.rules, seed)
        self.bot = None
        self.bots = [None, None, None, None]
        self.search = search
        self.sound = sound
        self._make_bots(seed)
        rng = getattr(self.bot, "rng", None)
        if rng is not None and bot_stream and bot_stream[0]:
            rng.s1, rng.s2, rng.s3 = bot_stream
        self.hinter = None  # made for a hint and dropped after it (make_hinter, drop_hinter)
        self.hint_move = -1
        self.hint_reason = ("", 0)  # (REASON_KIND, code) of the bot that explains the hint
        # Chitarrella's player's move and reason code when it would play another (-1, 0 if
        # not): the hint screen names it beside the search's, as a lesson
        self.hint_teacher = (-1, 0)
        self.moves = [0] * MAX_MOVES
        self.choices = [0] * MAX_CARD_MOVES  # the legal moves of the chosen card
        self.choice_count = 0
        self.choice = 0
        self.obs = bytearray(observe.SIZE)
        self.view = TableView()
        # scope per team in this match's hands scored or declared (C-14), for statistics
        self.scope_made = [scope_made[0], scope_made[1]]
        self.selected = 0
        # The lifted card was picked this turn (a touch, a key or a hint): only then does a
        # touch on it play it. A turn starts with last turn's card lifted, which one touch
        # must not play, nor a second tap made to hurry the bots.
        self.picked = False
        self.mode = MODE_BOTS
        self.due = 0  # clock time of the next bot play
        self.taking = -1  # a bot's capture on show until ``due``, or -1
        self.hurried = None  # when a key last hurried the bots (lib/app.py SKIP_GUARD_MS)
        # Pass-and-play starts behind a cover; otherwise the one person (or seat 0) watches.
        self.viewer = -1 if setup.mode == PASS else setup.first_person_seat()
        self._cover_for = -1
        self._seat_texts = None
        self._set_viewer(self.viewer)

    def start(self) -> None:
        """Deal if a deal is due and go up to the first wait (the listener may hear of it)."""
        self._advance()

    def _make_bots(self, seed: int) -> None:
        """The bots of a match seeded ``seed``, and the hint's budget. One bot plays every bot
        seat: it keeps nothing between decisions but its random stream, and one search's
        buffers fit a board where three would not."""
        from engine.bots.levels import level_budget, make_level_bot

        for seat in range(4):
            if self.setup.seats[seat] == BOT:
                if self.bot is None:
                    self.bot = make_level_bot(self.setup.level, self.rules, seed + 1,
                                              self.search)
                self.bots[seat] = self.bot
        # (iterations, deadline_ms) of a hint: the strongest board level's, or the match's
        # own where it is stronger (``desktop``, which only the simulator offers); None
        # without the search, when Chitarrella's player alone gives the hints
        level = "desktop" if self.setup.level == "desktop" else "hard"
        self.hint_budget = level_budget(level)[1:] if self.search else None
        # needed again only for the next match's bots, and the package's make_bot for a hint
        # (the bots' modules stay: their classes hold them)
        forget("engine.bots.levels", "engine.bots")

    @property
    def bot_stream(self) -> tuple:
        """The bots' random stream as a save keeps it: the PRNG components of the one bot
        (engine/rng.py), or zeros when no bot draws (no bot seat, or the greedy bot)."""
        rng = getattr(self.bot, "rng", None)
        return (rng.s1, rng.s2, rng.s3) if rng is not None else (0, 0, 0)

    def _drop_bots(self) -> None:
        # A decided match needs no bot until the next one (``next`` makes them again): their
        # search buffers (about 9 KB for a master bot) and their modules leave room for the
        # statistics' files.
        self.bot = None
        for seat in range(4):
            self.bots[seat] = None
        forget("engine.bots.master", "engine.bots.inference", "engine.bots.endgame",
               "engine.bots.chitarrella", "engine.bots.greedy", "engine.bots.random_bot")

    # -- seats and words ------------------------------------------------------------------

    def _set_viewer(self, seat: int) -> None:
        """Draw from ``seat``'s side: its hand face up, the others named relative to it. No
        one is "you" while watching bots or, in pass-and-play, before anyone is shown (``seat``
        -1): the seats go by compass or name from seat 0, the teams by their letters."""
        self.viewer = seat
        texts = self.texts
        neutral = seat < 0 or self.setup.mode == WATCH
        relative = self.seat_names(seat)
        # The scene's own texts only (a copy of the whole dict would hold a second table of
        # every key on the heap for the match).
        scene_texts = {key: texts[key] for key in TEXT_KEYS if key != "turns"}
        scene_texts["seats"] = relative
        turns = []
        for rel in range(4):
            name = relative[rel]
            if rel == 0 and not neutral:  # with where the pause menu is, where that fits
                words = texts.get("your_turn_menu", "")
                fits = 0 < len(words) <= self.scene.turn.chars
                turns.append(words if fits else texts["your_turn"])
            elif name == texts["seats"][rel]:  # named by where it sits: "Partner to play"
                turns.append(texts["turns"][rel])
            else:  # a person's name or a compass point
                turns.append(name_text(texts, "turn", name))
            if self.setup.mode == WATCH:  # no hand to play: the line tells the way out
                words = texts.get("watch_turn", "%s") % name  # "North to play, tap: menu"
                if len(words) <= self.scene.turn.chars:
                    turns[rel] = words
        scene_texts["turns"] = tuple(turns)
        if neutral:
            teams = texts["team_cols"]
            # "Coppia A 31" is wider than a score line: then the letters alone
            room = self.scene.scores[0].chars - len(texts["score"] % ("", 99))
            scene_texts["teams"] = teams if len(teams[0]) <= room else TEAM_LETTERS
        self._seat_texts = scene_texts
        self.scene.texts = scene_texts

    def seat_names(self, seat: int) -> tuple:
        """The four seats' names from ``seat``'s side: where each sits ("Right"), or in
        pass-and-play the people by name; by compass from seat 0 while watching bots or when
        ``seat`` is -1 (no one shown)."""
        texts = self.texts
        setup = self.setup
        neutral = seat < 0 or setup.mode == WATCH
        base = seat if seat >= 0 else 0
        relative = texts["compass"] if neutral else texts["seats"]
        if setup.mode == PASS:  # the people by name, bots by where they sit
            names = []
            for rel in range(4):
                name = setup.name_at((base + rel) & 3)
                names.append(name if name else relative[rel])
            relative = tuple(names)
        return relative

    def is_person(self, seat: int) -> bool:
        """True if a person (not a bot) plays ``seat``."""
        return self.setup.seats[seat] != BOT

    @property
    def cover_name(self) -> str:
        """The name of the person the cover waits for (pass-and-play)."""
        return self.setup.name_at(self._cover_for) if self._cover_for >= 0 else ""

    # -- flow -----------------------------------------------------------------------------

    def _tell(self, event: int) -> None:
        if self.listener is not None:
            self.listener(event)

    def _advance(self) -> None:
        """Run the steps that need no one (deals, scoring) up to the next wait."""
        state = self.state
        while state.phase == DEAL:
            state.deal()  # a redeal (C-9) leaves the phase at DEAL
        if state.phase == HAND_OVER:
            self._count_scope()
            state.end_hand()  # the last hand too: its points come before the result
            self.mode = MODE_HAND_END
            self._redraw()
            self._tell(HAND_SCORED)
            return
        if state.phase == TERMINAL:
            self._match_over()
            return
        seat = state.turn
        if self.is_person(seat):
            if seat != self.viewer:
                self.mode = MODE_COVER  # pass-and-play: hide this hand before passing
                self._cover_for = seat
                self._redraw()
                self._tell(COVER)
                return
            self.mode = MODE_PLAY
            self.picked = False
            count = state.hand_count[seat]
            if self.selected >= count:
                self.selected = count - 1
            if self.selected < 0:
                self.selected = 0
        else:
            self.mode = MODE_BOTS
            self.due = self.clock_ms() + self.pause_ms
        self._redraw()

    def _match_over(self) -> None:
        lost = self.setup.mode == VS_BOTS and self.state.match.winner != self.viewer & 1
        self._play_tune(LOST if lost else WON)  # watching or passing: the winners' tune
        self.mode = MODE_MATCH_END
        self._drop_bots()
        self._redraw()
        self._tell(MATCH_DECIDED)

    def _redraw(self) -> None:
        view = self.view
        viewer = self.viewer
        fill_view(view, self.state, viewer if viewer >= 0 else 0, self.scene_texts(),
                  self.card_name, self.scene.last_play.chars)
        view.covered = viewer < 0 or self.mode == MODE_COVER
        view.selected = self.selected if self.mode in (MODE_PLAY, MODE_CHOOSE) else -1
        view.highlight = self._choice_mask() if self.mode == MODE_CHOOSE else 0
        self.scene.show(view)

    def attach(self, scene) -> None:
        """Draw on ``scene`` from now on, starting with the whole view; None while no table
        shows (the app lets the table go during a text screen and builds it again after)."""
        self.scene = scene
        if scene is not None:
            scene.texts = self.scene_texts()
            scene.show(self.view)

    def _select(self, index: int) -> None:
        """Lift hand card ``index`` (-1: none), in the view too, so a table built again
        shows it."""
        self.view.selected = index
        self.scene.select(index)

    def _highlight(self, mask: int) -> None:
        """Frame the table slots of ``mask`` (a take), in the view too."""
        self.view.highlight = mask
        self.scene.highlight(mask)

    def scene_texts(self) -> dict:
        """The texts the table shows, seats named from the viewer's side."""
        return self._seat_texts if self._seat_texts is not None else self.texts

    def tick(self) -> None:
        """Call every frame: a bot plays once its pause is over, and a tune playing has
        ended (a bot's thinking would hold its note, lib/sound.py)."""
        if self.mode == MODE_BOTS and ticks_diff(self.clock_ms(), self.due) >= 0 \
                and (self.sound is None or not self.sound.tune):
            self._bot_play()

    def _play_tune(self, tune) -> None:
        if self.sound is not None:
            self.sound.play(tune)

    def _bot_play(self) -> None:
        if self.taking >= 0:  # a capture shown for a pause (_show_take): now it is made
            move = self.taking
            self.taking = -1
            self._play(move)
            return
        state = self.state
        seat = state.turn
        bot = self.bots[seat]
        declare_out = self.rules.declare_out
        if bot.needs_observation or declare_out:
            state.observe(seat, self.obs)
        if declare_out and bot.wants_declare(self.obs):
            self._declare()
            return
        count = state.legal_moves(self.moves)
        move = bot.choose(self.obs, self.moves, count)
        if move >= 64 and self.pause_ms:  # a capture (engine/moves.py is_capture)
            self._show_take(move)
        else:
            self._play(move)

    def _show_take(self, move: int) -> None:
        """Show a bot's capture for a pause before making it: the card played leaves the
        seat's hand and lands at the end of the table, framed with the cards it takes, so a
        person sees what took what before the cards go (any key makes it at once)."""
        state = self.state
        seat = state.turn
        card = move & 63
        occupied = state.occupied
        # The card played goes in the highest free slot: the table shows its cards in slot
        # order, so it comes last (a table holds fewer than 16 cards, RULES §4.5).
        slot = 15
        while slot and occupied >> slot & 1:
            slot -= 1
        view = self.view
        view.table[slot] = card
        view.highlight = ((move >> 6) & TABLE_MASK) | 1 << slot
        view.counts[seat] -= 1
        if seat == view.seat:  # watching bots, seat 0's hand shows: the card leaves it
            count = view.hand_count - 1
            hand = view.hand
            i = 0
            while hand[i] != card:
                i += 1
            while i < count:  # the cards after it close up
                hand[i] = hand[i + 1]
                i += 1
            hand[count] = NO_CARD
            view.hand_count = count
        scene = self.scene
        if scene is not None:
            # The last-play line tells the play on show: made and taken back at once (undo is
            # exact), so the line is the one the play will leave.
            state.apply(move)
            view.last_play = last_play_text(state, state.ply - 1, max(self.viewer, 0),
                                            self.scene_texts(), self.card_name,
                                            scene.last_play.chars)
            state.undo()
            scene.show(view)
        self._play_tune(PLAY)  # the card lands; its take sounds when it is made
        self.taking = move
        self.due = self.clock_ms() + self.pause_ms

    def _play(self, move: int) -> None:
        state = self.state
        state.apply(move)
        if state.ply_scopa[state.ply - 1]:
            self._play_tune(SCOPA)
        else:
            self._play_tune(TAKE if move >= 64 else PLAY)  # engine/moves.py is_capture
        self.choice_count = 0
        self.hint_move = -1
        self._tell(PLAYED)
        self._advance()

    def declare(self) -> bool:
        """The person to play declares out (C-26; needs ``declare_out``); the match ends."""
        if self.mode not in (MODE_PLAY, MODE_CHOOSE) or not self.rules.declare_out:
            raise ValueError("declaring out needs declare_out and a person's turn")
        return self._declare()

    def _declare(self) -> bool:
        # C-26: the match ends mid-hand either way, and the hand's scope count as scored
        held = self.state.declare()
        self._count_scope()
        self._tell(PLAYED)
        self._match_over()
        return held

    def _count_scope(self) -> None:
        for team in range(2):
            self.scope_made[team] += self.state.scope[team]

    def uncover(self) -> None:
        """The person the cover waited for is ready: show their hand and go on."""
        if self.mode != MODE_COVER:
            return
        self._set_viewer(self._cover_for)
        self._cover_for = -1
        self.selected = 0
        self._advance()

    def next(self) -> None:
        """After a hand: deal the next one (or show the result of a decided match); after a
        match: start a new one."""
        if self.mode == MODE_HAND_END and self.state.phase == TERMINAL:
            self._match_over()
            return
        if self.mode == MODE_MATCH_END:
            self.matches += 1
            seed = match_seed(self.setup, self.matches)
            self.state.new_match(seed)
            self.scope_made[0] = self.scope_made[1] = 0
            self._make_bots(seed)
        elif self.mode != MODE_HAND_END:
            return
        if self.setup.mode == PASS:
            # everyone saw the hand's or the match's end: whoever holds the device now, the
            # next person's hand waits behind a cover
            self._set_viewer(-1)
        self.mode = MODE_BOTS
        self._advance()

    # -- input ----------------------------------------------------------------------------

    def handle(self, code: int, x: int = 0, y: int = 0) -> None:
        """React to one input event on the table (input_events.py codes; ``x``, ``y`` for
        TOUCH). Hand and match ends and the cover belong to the app's screens."""
        mode = self.mode
        if mode == MODE_BOTS:
            self.due = self.clock_ms()  # any key skips the pause
        elif mode == MODE_PLAY or mode == MODE_CHOOSE:
            if code == HINT:
                self.hint()
            elif mode == MODE_PLAY:
                self._handle_play(code, x, y)
            else:
                self._handle_choose(code, x, y)

    def _handle_play(self, code: int, x: int, y: int) -> None:
        count = self.state.hand_count[self.viewer]
        if code == LEFT or code == RIGHT:
            step = -1 if code == LEFT else 1
            self.selected = (self.selected + step) % count
            self.picked = True
            self._select(self.selected)
            self._highlight(0)  # a hint's take, if shown
        elif code == SELECT:
            self._choose_card(self.selected)
        elif code == TOUCH:
            index = self.scene.hand_index_at(x, y)
            if index < 0:
                return
            if index == self.selected and self.picked:
                self._choose_card(index)
            else:
                self.selected = index
                self.picked = True
                self._select(index)
                self._highlight(0)

    def _choose_card(self, index: int) -> None:
        """Play hand card ``index``, or offer its captures when it has several."""
        card = self.view.hand[index]
        count = self.state.legal_moves(self.moves)
        found = 0
        for i in range(count):
            if self.moves[i] & 63 == card:  # engine/moves.py move_card
                self.choices[found] = self.moves[i]
                found += 1
        self.choice_count = found
        self.choice = 0
        for i in range(found):
            if self.choices[i] == self.hint_move:
                self.choice = i  # the take the hint highlighted
        if found == 1:
            self._play(self.choices[0])
        elif found > 1:
            self.mode = MODE_CHOOSE  # C-11: the player chooses among the legal takes
            self._highlight(self._choice_mask())
            self._say(self.texts["choose"])
        else:  # no legal play: say which rule bars the card
            banned = card % 10 == 0 and self.state.ply < self.rules.ace_ban_plies
            # an ace on a first play (RULES §10 row 28), else a trail while another card
            # can capture (forced_capture=turn, §10 row 12)
            self._say(self.texts["barred"][0 if banned else 1])
            self._play_tune(BARRED)

    def _say(self, words: str) -> None:
        """Show ``words`` on the last-play line until the table is drawn again."""
        self.view.last_play = words
        self.scene.set_last_play(words)

    def _choice_mask(self) -> int:
        if self.choice_count == 0:
            return 0
        return (self.choices[self.choice] >> 6) & TABLE_MASK  # engine/moves.py move_take

    def _cancel_choice(self) -> None:
        self.mode = MODE_PLAY
        self.choice_count = 0
        self._redraw()

    def _handle_choose(self, code: int, x: int, y: int) -> None:
        count = self.choice_count
        if code == LEFT or code == RIGHT:
            step = -1 if code == LEFT else 1
            self.choice = (self.choice + step) % count
            self._highlight(self._choice_mask())
        elif code == SELECT:
            self._play(self.choices[self.choice])
        elif code == BACK:
            self._cancel_choice()
        elif code == TOUCH:
            index = self.scene.hand_index_at(x, y)
            if index == self.selected:
                self._play(self.choices[self.choice])
                return
            if index >= 0:  # another card of the hand: leave the choice for that card
                self._cancel_choice()
                self._handle_play(code, x, y)
                return
            slot = self.scene.table_slot_at(x, y)
            if slot < 0:
                return
            for step in range(1, count + 1):  # the next take holding that card
                i = (self.choice + step) % count
                if (self.choices[i] >> 6) & TABLE_MASK & (1 << slot):
                    self.choice = i
                    self._highlight(self._choice_mask())
                    return

    # -- hints ----------------------------------------------------------------------------

    def hint(self) -> None:
        """Work out the suggested play for the person to play: select its card, highlight
        its take, keep the move in ``hint_move`` and its reason in ``hint_reason``, and tell
        the listener (HINT_READY)."""
        if self.mode == MODE_CHOOSE:
            self._cancel_choice()  # the hint may name another card
        if self.mode != MODE_PLAY:
            return
        if self.sound is not None:
            self.sound.hush()  # the search would hold a note sounding (lib/sound.py)
        from hints import find

        state = self.state
        state.observe(self.viewer, self.obs)
        move = find(self, state.legal_moves(self.moves))
        forget("hints")  # ``find`` keeps it until this returns
        for i in range(self.view.hand_count):
            if self.view.hand[i] == move & 63:
                self.selected = i
        self.hint_move = move
        self.picked = True  # the hint lifts its card: a touch on it plays it
        self._select(self.selected)
        self._highlight((move >> 6) & TABLE_MASK)  # engine/moves.py move_take
        self._tell(HINT_READY)

    def make_hinter(self):
        """The Hinter for a hint. It thinks with the bots' search when they have one (at the
        hard budget), so a board holds one search's buffers."""
        if self.hinter is None:
            from engine.bots.hint import Hinter

            search = self.bot if hasattr(self.bot, "iterations") else None  # a master bot
            self.hinter = Hinter(self.rules, self.setup.seed, search, self.hint_budget)
        return self.hinter

    def drop_hinter(self) -> None:
        """Let the Hinter and its module go until the next hint: hints are rare, and a board's
        heap is better spent on the bots' search."""
        self.hinter = None
        forget("engine.bots.hint", "engine.bots")  # the package too, as _make_bots has it go

    def card_name(self, card: int) -> str:
        """``card``'s short name as the faces show it (``"7d"``, ``"Rs"``; lib/i18n.py)."""
        ranks, suits = self._letters
        return ranks[card % 10] + suits[card // 10]

    # -- for the app, the simulator and tests ---------------------------------------------

    @property
    def match_over(self) -> bool:
        """True once the match is decided (the game waits for ``next``)."""
        return self.state.phase == TERMINAL
