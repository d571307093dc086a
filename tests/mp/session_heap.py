"""Whole matches one after another through the board's own loop, as a long session on a board
plays them; after each, back on the title, the heap the session holds.

usage: session_heap.py ROOT BOARD MATCHES SAVE_DIR

Run on the MicroPython unix port by tests/test_session_heap.py, with lib/ and the displayio
stand-ins of sim/mp/stubs/ on the path. Before each match the person reads How to play through
(``howto title`` once back); each match is against ``normal`` bots, started from the title as
a player starts it; the person asks a hint and opens the pause menu once a hand
and plays the selected card; the match is saved after every play in SAVE_DIR and its result
goes into the statistics there. Back on the title after each match, the stand-ins' entries of
the display objects the app has let go are dropped (each keeps its state in a dict keyed by
``id``, which a board's C objects do not), and the script prints
``match N alloc BYTES hints H pauses P`` (``gc.mem_alloc()`` after ``gc.collect()``; the
hints asked and pause menus opened so far) and the line of ``micropython.qstr_info()``; at
the end ``notes N turns T``, the notes the speaker sounded (0 on a board without one) and the
times the pause menu turned the sound (lib/settings.py keeps the last as each match ends).
A session that keeps something per match grows match after match; a board would run out of
memory after enough of them. ROOT is the repository: lib/ and the stand-ins go on the path.
"""

import gc
import sys

import micropython

sys.path.append(sys.argv[1] + "/lib")
sys.path.append(sys.argv[1] + "/sim/mp/stubs")

import boards
import displayio
import input_events
import main_loop
import terminalio
from app import App
from board_fakes import Clock, Display, Speaker
from game import MODE_PLAY


class Pad:
    """A person who, at the first turn of each hand, asks a hint and opens the pause menu,
    and from it the taken cards (leaving each with BACK) and, on a board with a speaker, the
    sound (off one hand, on the next), and otherwise plays the selected card; SELECT on the
    other screens, BACK on the match's end (to the title)."""

    def __init__(self, app):
        self.app = app
        self.hinted = -1
        self.paused = -1
        self.reviewed = -1
        self.hints = 0
        self.pauses = 0
        self.reviews = 0
        self.turned = -1
        self.turns = 0  # the sound turned off or on from the pause menu (a speaker's boards)

    def poll(self, queue, now):
        app = self.app
        screen = app.screen
        code = input_events.SELECT
        if screen == "pause" and "sound" in app.items and self.turned != self.paused:
            if app.items[app.cursor] == "sound":  # off one hand, on the next
                self.turned = self.paused
                self.turns += 1
            else:
                code = input_events.DOWN
        elif screen == "pause" and self.reviewed != self.paused:
            if app.items[app.cursor] == "captures":
                self.reviewed = self.paused
                self.reviews += 1
            else:
                code = input_events.DOWN
        elif screen in ("hint", "pause", "captures", "match_end"):
            code = input_events.BACK
        elif screen == "title":
            return
        elif screen == "table" and app.game.mode == MODE_PLAY:
            hand = app.game.state.hand_number
            if hand != self.hinted:
                self.hinted = hand
                self.hints += 1
                code = input_events.HINT
            elif hand != self.paused:
                self.paused = hand
                self.pauses += 1
                code = input_events.BACK
        queue.push(code)


def _scrub(depth):
    # Words left on the C stack by earlier calls can point at garbage, and the collector is
    # conservative: overwrite them before measuring (as sim/mp/lib_heap.py does).
    return _scrub(depth - 1) if depth else 0


def prune(app):
    """Drop the stand-ins' state of display objects no longer reachable from the app (the
    card sheet it keeps and the font stay)."""
    live = {}
    todo = [app.group, terminalio.FONT.bitmap]
    if app._sheet is not None:
        todo += app._sheet[1:]
    while todo:
        obj = todo.pop()
        if id(obj) in live:
            continue
        live[id(obj)] = True
        if isinstance(obj, displayio.Group):
            todo.extend(obj)
        elif isinstance(obj, displayio.TileGrid):
            todo.append(obj.bitmap)
            todo.append(obj.pixel_shader)
    kept = {}
    for key in displayio.STATE:
        if key in live:
            kept[key] = displayio.STATE[key]
    displayio.STATE = kept


def read_howto(app):
    # How to play, every page and round to the first, then back to the title
    app._activate("howto")
    for _ in range(9):
        app.handle(input_events.SELECT)  # Next page
    app.handle(input_events.BACK)
    print("howto", app.screen)


def play_match(app, pad, queue):
    read_howto(app)
    app.setup.level = "normal"
    app.setup.review_captures = "own_pile"  # the pause menu offers the taken cards
    while app.screen == "title":  # a second choice answers "Sure?" when a match is saved
        app._activate("vs_bots")
    while app.screen != "title":
        main_loop.run(app, pad, queue, 50)


def main(board_name, matches, save_dir):
    profile = boards.profile(board_name)
    main_loop.FRAME_S = 0
    speaker = Speaker() if profile.speaker else None  # the tunes play on a board with one
    app = App(profile, Display(), main_loop.Sheets(profile), clock_ms=Clock(), save_dir=save_dir,
              speaker=speaker)
    pad = Pad(app)
    queue = input_events.EventQueue()
    for match in range(1, matches + 1):
        play_match(app, pad, queue)
        prune(app)
        _scrub(100)
        gc.collect()
        print("match %d alloc %d hints %d pauses %d reviews %d"
              % (match, gc.mem_alloc(), pad.hints, pad.pauses, pad.reviews))
        micropython.qstr_info()
    print("notes %d turns %d" % (speaker.notes if speaker else 0, pad.turns))


main(sys.argv[2], int(sys.argv[3]), sys.argv[4])
