"""One match on the table scene: you (seat 0) and a bot partner (seat 2) against two bots.

``Game`` turns input events into plays and lets the bots play one card at a time, with a pause
so a person can follow. It draws only through ``TableScene`` (``show``, ``select``,
``highlight``, ``set_last_play``, ``set_turn``), which built every display object; the game
makes none. Time comes from an injected ``clock_ms`` (wrapping integer milliseconds), so the
simulator and the tests drive it::

    game = Game(scene, Rules("chitarrella"), "easy", seed=1, clock_ms=supervisor_ticks_ms)
    while True:
        code = queue.pop()
        while code != NONE:
            game.handle(code, queue.x, queue.y)
            code = queue.pop()
        game.tick()

Keys: LEFT/RIGHT move over your hand, SELECT plays the card; when it has several legal
captures, LEFT/RIGHT cycle the takes (highlighted on the table), SELECT confirms, BACK
cancels. A touch selects a hand card, a second touch plays it; during a capture choice a
touch on a table card picks a take holding it. HINT shows the hint on the last play line.
Only legal moves are ever offered (C-11: a card that must capture cannot be trailed).

Rules: RULES §8 (hand flow), C-11 (capture choice), C-26 (bots declaring out).
Allocation: none per frame; a play builds the last play text, a hint its words (edge).
"""

from array import array

from input_events import BACK, HINT, LEFT, RIGHT, SELECT, TOUCH
from layouts import CENTER
from layouts import RIGHT as ALIGN_RIGHT
from table_scene import TableView, fill_view

from engine import observe
from engine.bots.levels import make_level_bot
from engine.clock import ticks_diff, ticks_ms
from engine.layout import DEAL, HAND_OVER, TERMINAL
from engine.moves import MAX_MOVES, TABLE_MASK
from engine.scoring import TOTAL

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


YOU = const(0)
PARTNER = const(2)

# What the game waits for.
MODE_PLAY = const(0)  # your card: LEFT/RIGHT/SELECT/TOUCH
MODE_CHOOSE = const(1)  # your capture: LEFT/RIGHT/SELECT/BACK/TOUCH
MODE_BOTS = const(2)  # a bot plays when the pause is over
MODE_HAND_END = const(3)  # SELECT deals the next hand
MODE_MATCH_END = const(4)  # SELECT starts a new match

BOT_PAUSE_MS = const(700)


TEXTS = {
    "hand": "Hand: us %d, them %d",
    "match": "Match %d-%d",
    "won": "We win %d-%d!",
    "lost": "They win %d-%d",
    "again": "Select: again",
    "choose": "Choose a take",
    "declared": "%s declares out",
}
"""English defaults for the game's own lines (the scene has its own TEXTS)."""


class Game:
    """A match against bots at ``level`` (engine/bots/levels.py) drawn on ``scene``.

    :param clock_ms: a function returning the time in (wrapping) milliseconds.
    """

    def __init__(self, scene, rules, level: str = "easy", seed: int = 1, clock_ms=None,
                 texts: dict = TEXTS, scene_texts: dict = None, state=None):
        """:param state: a State to go on from (a set-up position); default a new match."""
        from engine.state import State

        self.scene = scene
        self.rules = rules
        self.level = level
        self.seed = seed
        self.matches = 0  # matches started, to vary the seed of each new one
        self.clock_ms = clock_ms or ticks_ms  # engine/clock.py pairs it with ticks_diff
        self.texts = texts
        self.scene_texts = scene_texts if scene_texts is not None else scene.texts
        self.pause_ms = BOT_PAUSE_MS
        self.state = state if state is not None else State(rules, seed)
        self.bots = [None] + [make_level_bot(level, rules, seed + seat) for seat in (1, 2, 3)]
        self.hinter = None  # made on the first hint (the search's buffers)
        self.moves = array("i", [0] * MAX_MOVES)
        self.choices = array("i", [0] * MAX_MOVES)  # the legal moves of the chosen card
        self.choice_count = 0
        self.choice = 0
        self.obs = bytearray(observe.SIZE)
        self.view = TableView()
        self.selected = 0
        self.mode = MODE_BOTS
        self.due = 0  # clock time of the next bot play
        self._advance()

    # -- flow -----------------------------------------------------------------------------

    def _now(self) -> int:
        return self.clock_ms()

    def _advance(self) -> None:
        """Run the steps that need no one (deals, scoring) up to the next wait."""
        state = self.state
        while state.phase == DEAL:
            state.deal()  # a redeal (C-9) leaves the phase at DEAL
        if state.phase == HAND_OVER:
            state.end_hand()
            self._show_hand_end()
            return
        if state.phase == TERMINAL:
            self._show_match_end()
            return
        if state.turn == YOU:
            self.mode = MODE_PLAY
            if self.selected >= state.hand_count[YOU]:
                self.selected = state.hand_count[YOU] - 1
            if self.selected < 0:
                self.selected = 0
        else:
            self.mode = MODE_BOTS
            self.due = self._now() + self.pause_ms
        self._redraw()

    def _redraw(self, last_play: str = None) -> None:
        view = self.view
        fill_view(view, self.state, YOU, self.scene_texts)
        view.selected = self.selected if self.mode in (MODE_PLAY, MODE_CHOOSE) else -1
        view.highlight = self._choice_mask() if self.mode == MODE_CHOOSE else 0
        if last_play is not None:
            view.last_play = last_play
        self.scene.show(view)

    def tick(self) -> None:
        """Call every frame: a bot plays once its pause is over."""
        if self.mode == MODE_BOTS and ticks_diff(self._now(), self.due) >= 0:
            self._bot_play()

    def _bot_play(self) -> None:
        state = self.state
        seat = state.turn
        bot = self.bots[seat]
        declare_out = self.rules.declare_out
        if bot.needs_observation or declare_out:
            state.observe(seat, self.obs)
        if declare_out and bot.wants_declare(self.obs):
            state.declare()  # C-26: the match ends either way
            who = self.scene_texts["seats"][(seat - YOU) & 3]
            self._show_match_end(self.texts["declared"] % who)
            return
        count = state.legal_moves(self.moves)
        state.apply(bot.choose(self.obs, self.moves, count))
        self._advance()

    def _play(self, move: int) -> None:
        self.state.apply(move)
        self.choice_count = 0
        self._advance()

    # -- hand and match end ---------------------------------------------------------------

    def _show_hand_end(self) -> None:
        state = self.state
        if state.phase == TERMINAL:
            self._show_match_end()
            return
        self.mode = MODE_HAND_END
        points = state.hand_points
        texts = self.texts
        self._redraw(texts["hand"] % (points[TOTAL], points[TOTAL + 1]))
        self._set_turn_line(texts["match"] % (state.score[0], state.score[1]))

    def _show_match_end(self, line: str = None) -> None:
        state = self.state
        self.mode = MODE_MATCH_END
        texts = self.texts
        won = state.match.winner == (YOU & 1)
        result = (texts["won"] if won else texts["lost"]) % (state.score[0], state.score[1])
        self._redraw(line if line is not None else result)
        self._set_turn_line(result if line is not None else texts["again"])

    def _set_turn_line(self, text: str) -> None:
        """Write ``text`` on the scene's turn line, padded to its width so the label keeps
        its bitmap (as TableScene does)."""
        label = self.scene.turn
        _, _, chars, align = self.scene.layout.turn
        pad = chars - len(text)
        if pad < 0:
            text = text[:chars]
        elif align == CENTER:
            text = " " * (pad // 2) + text + " " * (pad - pad // 2)
        elif align == ALIGN_RIGHT:
            text = " " * pad + text
        else:
            text = text + " " * pad
        if label.text != text:
            label.text = text

    def _next(self) -> None:
        """After a hand: deal the next one; after a match: start a new one."""
        if self.mode == MODE_MATCH_END:
            self.matches += 1
            seed = self.seed + 1000 * self.matches
            self.state.new_match(seed)
            for seat in (1, 2, 3):
                self.bots[seat].reset(seed + seat)
        self.mode = MODE_BOTS
        self._advance()

    # -- input ----------------------------------------------------------------------------

    def handle(self, code: int, x: int = 0, y: int = 0) -> None:
        """React to one input event (input_events.py codes; ``x``, ``y`` for TOUCH)."""
        mode = self.mode
        if mode == MODE_BOTS:
            self.due = self._now()  # any key skips the pause
        elif mode in (MODE_HAND_END, MODE_MATCH_END):
            if code in (SELECT, TOUCH):
                self._next()
        elif code == HINT:
            if mode == MODE_CHOOSE:
                self.mode = MODE_PLAY  # the hint may name another card
                self.choice_count = 0
                self._redraw()
            self._hint()
        elif mode == MODE_PLAY:
            self._handle_play(code, x, y)
        else:
            self._handle_choose(code, x, y)

    def _handle_play(self, code: int, x: int, y: int) -> None:
        count = self.state.hand_count[YOU]
        if code == LEFT or code == RIGHT:
            step = -1 if code == LEFT else 1
            self.selected = (self.selected + step) % count
            self.scene.select(self.selected)
        elif code == SELECT:
            self._choose_card(self.selected)
        elif code == TOUCH:
            index = self.scene.hand_index_at(x, y)
            if index < 0:
                return
            if index == self.selected:
                self._choose_card(index)
            else:
                self.selected = index
                self.scene.select(index)

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
        if found == 1:
            self._play(self.choices[0])
        elif found > 1:
            self.mode = MODE_CHOOSE  # C-11: the player chooses among the legal takes
            self.scene.highlight(self._choice_mask())
            self.scene.set_last_play(self.texts["choose"])

    def _choice_mask(self) -> int:
        if self.choice_count == 0:
            return 0
        return (self.choices[self.choice] >> 6) & TABLE_MASK  # engine/moves.py move_take

    def _handle_choose(self, code: int, x: int, y: int) -> None:
        count = self.choice_count
        if code == LEFT or code == RIGHT:
            step = -1 if code == LEFT else 1
            self.choice = (self.choice + step) % count
            self.scene.highlight(self._choice_mask())
        elif code == SELECT:
            self._play(self.choices[self.choice])
        elif code == BACK:
            self.mode = MODE_PLAY
            self.choice_count = 0
            self._redraw()
        elif code == TOUCH:
            if self.scene.hand_index_at(x, y) == self.selected:
                self._play(self.choices[self.choice])
                return
            slot = self.scene.table_slot_at(x, y)
            if slot < 0:
                return
            for step in range(1, count + 1):  # the next take holding that card
                i = (self.choice + step) % count
                if (self.choices[i] >> 6) & TABLE_MASK & (1 << slot):
                    self.choice = i
                    self.scene.highlight(self._choice_mask())
                    return

    def _hint(self) -> None:
        """Show the suggested play and its reason on the last play line; select its card."""
        from engine.bots.hint import Hinter, hint_text

        state = self.state
        if self.hinter is None:
            self.hinter = Hinter(self.rules, self.seed)
        state.observe(YOU, self.obs)
        count = state.legal_moves(self.moves)
        move = self.hinter.suggest(self.obs, self.moves, count)
        card = move & 63
        for i in range(self.view.hand_count):
            if self.view.hand[i] == card:
                self.selected = i
        if self.mode == MODE_PLAY:
            self.scene.select(self.selected)
        self.scene.set_last_play(hint_text(self.hinter, state))

    # -- for the simulator and tests ------------------------------------------------------

    @property
    def match_over(self) -> bool:
        """True once the match is decided (the game waits for SELECT to start another)."""
        return self.state.phase == TERMINAL

    @property
    def waiting_for(self) -> int:
        """The mode: ``MODE_PLAY``, ``MODE_CHOOSE``, ``MODE_BOTS``, ``MODE_HAND_END`` or
        ``MODE_MATCH_END``."""
        return self.mode

