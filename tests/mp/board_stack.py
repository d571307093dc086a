"""A hand against ``hard`` bots through the board's own call chain, with a hint asked at
every one of the person's turns; run on the 32-bit port with a board's Python stack.

usage: board_stack.py BOARD

CircuitPython keeps Python frames on a fixed stack (``CIRCUITPY_PYSTACK_SIZE``, 1536 bytes by
default in 9.x). The deepest chain the game makes is a hint in a hand's last plays:
lib/main_loop.py ``run`` -> the app -> the game -> the Hinter -> the master bot -> the
endgame solver (a loop: one frame however many plays are left). tests/test_board_stack.py
runs this script with the stack sim/deploy.py gives a board, less a margin. Prints
``hand_end HINTS`` when the hand is over, ``HINTS`` the hints asked.
"""

import sys

import boards
import input_events
import main_loop
from app import App
from board_fakes import Clock, Display
from game import MODE_PLAY
from match_setup import VS_BOTS, MatchSetup


class Pad:
    """The person asks a hint at each turn, then plays it (SELECT on the hinted card and, in
    a capture choice, on the hinted take); SELECT on every other screen but the hand's end."""

    def __init__(self, app):
        self.app = app
        self.hinted = None
        self.hints = 0

    def poll(self, queue, now):
        app = self.app
        game = app.game
        code = input_events.SELECT
        if app.screen == "hand_end":
            return  # done: main() reads the screen
        if app.screen == "hint":
            code = input_events.BACK
        elif app.screen == "table" and game.mode == MODE_PLAY:
            turn = (game.state.hand_number, game.state.ply)
            if turn != self.hinted:
                self.hinted = turn
                self.hints += 1
                code = input_events.HINT
        queue.push(code)


def main(board_name):
    profile = boards.profile(board_name)
    app = App(profile, Display(), main_loop.Sheets(profile), clock_ms=Clock())
    setup = MatchSetup(VS_BOTS)
    setup.level = "hard"
    app._start(setup)
    pad = Pad(app)
    queue = input_events.EventQueue()
    main_loop.FRAME_S = 0
    for _ in range(100):
        main_loop.run(app, pad, queue, 10)
        if app.screen == "hand_end":
            print("hand_end", pad.hints)
            return
    print("no hand end", app.screen)


main(sys.argv[1])
