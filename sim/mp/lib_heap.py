"""Heap the board-side game holds on MicroPython, part by part, for the memory budget.

usage: lib_heap.py BOARD LIB_MODULES ENGINE_MODULES BOARD_MODULES STARTUP_MODULES ADAFRUIT_COMMON
                   ADAFRUIT_BOARD SESSION_MODULES FREE

Run under the 32-bit WebAssembly port by sim/memory_budget.py with the stand-ins of
sim/mp/stubs/ (displayio, terminalio, board...) mounted, lib/ and engine/ as ``.mpy`` files
and the Adafruit libraries compiled from their sources. Each list argument is comma-separated
module names ("-" for none); FREE is the board's free heap at start, which tells whether its
bots search (lib/boards.py ``profile``: 0 searches). Prints one ``name bytes`` line per part,
each the growth of ``gc.mem_alloc()`` after ``gc.collect()`` over the part before:

- ``stubs``: the stand-in modules, and ``os`` and ``time`` (built into a board's firmware);
  not on a board's heap, so left out of the budget;
- ``adafruit_common`` and ``adafruit_board``: the Adafruit libraries every board imports, and
  the ones only this board's driver imports;
- ``engine_code``: the engine modules loaded before a match and kept (ENGINE_MODULES);
- ``ui_code`` and ``ui_code_board``: lib/'s modules (lib/main_loop.py among them), then the
  board's own (BOARD_MODULES: its driver, and lib/sound.py on a board with a speaker);
- ``startup_code`` and ``startup_left``: the modules loaded only before play (STARTUP_MODULES:
  lib/hardware.py, lib/title_menus.py...) while loaded, and what stays once they are dropped
  from ``sys.modules`` as lib/main_loop.py and lib/app.py do (their interned names);
- ``ui_objects_raw``: the App with the table scene up and a match's words (the title's text
  scene let go, as a match start does) and the event queue, and on a board with a speaker
  its lib/sound.py ``Speaker`` (its wave; the audio objects are stand-ins), stand-ins
  included;
- ``match``: a match against bots at ``hard`` started and a round played (the Game, its
  State, the one bot that plays the three bot seats, what the first plays load);
- ``hints_code``: lib/hints.py, which a hint loads for both its steps, and
  ``hints_code_dropped`` (after them); ``hint``: the Hinter a hint makes for its first step
  (it borrows the bots' search), and ``hint_dropped`` what dropping it again gives back (the
  game does before the second step); ``teacher``: the second step, the Chitarrella bot and
  its module, and ``teacher_dropped`` (without the search, a hint makes neither: the bots'
  own Chitarrella player gives it);
- a text screen during the match, as lib/app.py opens one: ``table_dropped`` what letting
  the table scene go gives back (negative), ``text_screen`` the pause menu's text scene with
  lib/text_scene.py and lib/text_screens.py, then the taken cards shown from it with
  lib/taken_cards.py (the larger of the two screens), ``text_dropped`` what letting them go
  gives back (negative), and ``table_back`` the table built again; before the text scene,
  ``hint_words``: what a hint's screen loads to word its reason, the table gone (both
  languages' words: more than either), and ``hint_words_dropped``. After each scene goes,
  ``*_pruned``: the stand-ins' entries of its objects are dropped (``prune``), so later parts
  count only what they make;
- ``transient``: lib/save.py, the module the app loads to store the match after each play
  and drops again (``transient_dropped``: after it is dropped);
- ``match_end``: what recording a decided match changes: the game lets its bots go, and the
  app loads lib/settings.py with the file modules it writes through (when the pause menu
  turned the sound); ``match_end_kept`` once they are dropped; then ``match_end_stats``,
  lib/stats.py with those it reads and writes through (each negative when the bots held
  more);
- ``stub_state``: what the stand-ins' ``displayio.STATE`` held, measured by dropping it
  (the stand-in objects themselves are kept alive meanwhile): the live objects', as
  ``prune`` dropped the others'.

After each part, ``pool <part>`` and the line of ``micropython.qstr_info()``: the qstr pool
of interned names (and short strings) then, which only grows. It grows in steps, a table
twice the size of the last one at a time, which would land a few KB on whichever part
crosses a step: sim/memory_budget.py takes the pool's growth off each part and counts the
names on their own. ``pool base`` comes first (the port's own names), and ``pool session``
last, once every module a session on the board may load (SESSION_MODULES: the title's and
the file modules, both languages, every bot) has been loaded.

Then the counts of live display objects (``count_<Class>``), ``count_TextLine`` (the
TileGrids of font tiles, one a TextLine), ``group_children`` (the children of every Group,
comma-separated),
``created_<Class>`` (made in all, garbage included), ``loaded_by_ui`` (modules
first imported while the App was built: none should be the engine's) and ``modules`` (every
module loaded at the end).

The stage markers let sim/mp/run_wasm.mjs run each part in a call of its own: the WebAssembly
port's collector frees only what earlier calls made. Elsewhere they are comments. Each measure
first overwrites the C stack below it (``_scrub``): without that, a stale word there kept up to
5 KB of garbage alive in one part or another, by board, and the figures moved by as much.
Three more rules keep the parts honest, all found by figures that moved when a script changed:

- sim/mp/run_wasm.mjs collects in a call of its own between two stages: some garbage of a
  stage went only one call later (12 KB of dropped modules once);
- every function is defined at the top, before the base: a stage is compiled whole before it
  runs, so a ``def`` after a measure put its code (up to 4 KB) in that part;
- each measure (and the base) is a stage of its own, the same one call each time: the running
  stage's code is on the heap while it runs, so a measure that shared its stage with the next
  part's code counted that code in its part and took it off the next (sim/mp/engine_heap.py
  counted 896 bytes of a bot's loading so until the thirty-fifth session).
"""

import gc
import sys

import micropython

mark = 0
app = None
found = None
loaded = None


def names(arg):
    return [] if arg == "-" else arg.split(",")


def _scrub(depth):
    # Words left on the C stack by earlier calls can point at garbage, and the collector is
    # conservative: it would keep that garbage (a dropped hint, the title's texts) and count it
    # in whichever part comes next. A deep call overwrites them first.
    return _scrub(depth - 1) if depth else 0


def measure(label):
    global mark
    _scrub(100)
    gc.collect()
    now = gc.mem_alloc()
    print("%s %d" % (label, now - mark))
    mark = now
    pool(label)


def pool(label):
    print("pool %s" % label)
    micropython.qstr_info()  # "qstr pool: n_pool=P, n_qstr=Q, n_str_data_bytes=D, ..."


def load(modules):
    for name in modules:
        __import__(name)


def forget(*modules):
    # As the app drops modules (engine/unload.py, loaded with the engine's modules).
    __import__("engine.unload").unload.forget(*modules)


def drop_unkept():
    # lib/'s modules loaded on the way that the app does not keep (lib/card_tiles.py goes once
    # the table is built, lib/text_scene.py with the text screens): dropped as the app drops
    # them, so "UI code" is what stays.
    kept = LIB + BOARD_LIB
    forget(*[n for n in sys.modules if n in SESSION and n not in kept and "engine" not in n])


class Display:
    root_group = None


def build():
    import boards
    import displayio
    import input_events
    from app import App

    profile = boards.profile(sys.argv[1], int(sys.argv[9]))
    sheet = {}

    def load_sheet(style):
        import card_tiles

        if style not in sheet:
            sheet.clear()
            bitmap = displayio.OnDiskBitmap(
                card_tiles.sheet_path(style, profile.width, profile.height))
            bitmap.pixel_shader.make_transparent(card_tiles.TRANSPARENT)
            sheet[style] = (bitmap, bitmap.pixel_shader)  # as lib/main_loop.py loads it
        return sheet[style]

    # A clock that stands still: the match's seed comes from it (lib/app.py), so every run
    # plays the same deal and the figures repeat.
    speaker = None
    if profile.speaker:  # as lib/hardware.py opens it (the audio modules' stand-ins)
        from sound import Speaker

        speaker = Speaker()
    built = App(profile, display, load_sheet, clock_ms=lambda: 0, speaker=speaker)
    import i18n

    built.texts = i18n.texts(built.setup.language)  # a match's words, as lib/app.py _start
    built.show_table()  # the title's text scene goes and the table comes, as a match starts
    built.queue = input_events.EventQueue()
    # Showing the title loaded the menus again: drop them, as a match start does, so that
    # "UI code" counts them (their interned names) and the UI objects do not.
    forget(*STARTUP)
    return built


def walk(roots=()):
    """Every live stand-in object reachable from the App's root group (and ``roots``);
    returns (objects by id, text lines, children count of every Group)."""
    import displayio
    import terminalio

    seen = {}
    lines = []
    children = []
    todo = [app.group] + list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        if isinstance(obj, displayio.TileGrid) and obj.bitmap is terminalio.FONT.bitmap:
            lines.append(obj)  # a TextLine's (lib/text_line.py)
        if isinstance(obj, displayio.Group):
            children.append(len(obj))
            for child in obj:
                todo.append(child)
        elif isinstance(obj, displayio.TileGrid):
            todo.append(obj.bitmap)
            todo.append(obj.pixel_shader)
    return seen, lines, children


def prune():
    """Drop the stand-ins' ``STATE`` entries of the display objects the app has let go (it is
    keyed by id, so a dead object's entry stays): the parts after count only what they make.
    The card sheet, which the App keeps, and the font stay."""
    import displayio
    import terminalio

    roots = [terminalio.FONT.bitmap]
    if app._sheet is not None:
        roots += app._sheet[1:]
    live = walk(roots)[0]
    kept = {}  # a new dict: deleting entries would not shrink the old one's table
    for key in displayio.STATE:
        if key in live:
            kept[key] = displayio.STATE[key]
    displayio.STATE = kept


def start_match():
    app.setup.level = "hard"  # the strongest board level
    app._activate("vs_bots")
    game = app.game
    game.pause_ms = 0
    game.due = game.clock_ms()  # no pause before the first bot's play either
    for _ in range(12):  # a round and more, so what the first plays load is counted too
        if game.mode == 0:  # MODE_PLAY: the person plays the selected card
            app.handle(5)  # input_events.SELECT
        app.tick()
    print("plays_made %d" % game.state.ply)
    print("bot %s" % game.bot.REASON_KIND)  # "master" when the bots search
    print("match_modules %s" % ",".join(sorted(n for n in sys.modules if "engine" in n)))


def ask_hint():
    if app.game.hint_budget is not None:  # the bots search (lib/game.py hint)
        app.game.make_hinter()  # as a hint makes it for its first step, the search's move


def teach():
    # A hint's second step (lib/game.py hint): the Chitarrella player it makes, unless the
    # bots are Chitarrella's players, which give the hint themselves
    if app.game.hint_budget is None:
        return None
    from engine.bots import make_bot

    return make_bot("chitarrella", app.game.rules)


def hint_words():
    # A hint's screen as lib/text_screens.py show_hint puts it into words, the table already
    # let go: the screens' code, lib/i18n.py and the reasons' words, English and Italian both
    # (a hint loads one of them: this is more).
    import i18n
    import lang_it_reasons
    import text_screens

    from engine.bots import reasons

    return i18n, lang_it_reasons, reasons, text_screens


def store_a_save():
    import save  # what the app loads to store the match after a play, and then drops

    return save


def end_the_match():
    app.game._drop_bots()  # as a decided match does (lib/game.py _match_over)
    import match_options  # what the app loads then (lib/app.py _record_match) to keep the
    import settings  # sound the pause menu turned, with the files it writes through

    return match_options, settings


def record_the_match():
    import stats  # what the app loads next to record the match, with its files

    return stats, stats.Stats()


def report():
    global found
    import displayio

    seen, lines, children = walk()
    counts = {"Group": 0, "TileGrid": 0, "Bitmap": 0, "OnDiskBitmap": 0, "Palette": 0}
    for obj in seen.values():
        for cls in (displayio.Group, displayio.TileGrid, displayio.Bitmap,
                    displayio.OnDiskBitmap, displayio.Palette):
            if isinstance(obj, cls):
                counts[cls.__name__] += 1
    for name in counts:
        print("count_%s %d" % (name, counts[name]))
        print("created_%s %d" % (name, displayio.CREATED[name]))
    print("count_TextLine %d" % len(lines))
    print("group_children %s" % ",".join(str(n) for n in sorted(children)))
    found = list(seen.values())


display = Display()
LIB, ENGINE, BOARD_LIB, STARTUP, ADAFRUIT, ADAFRUIT_BOARD, SESSION = (
    names(a) for a in sys.argv[2:9])
# The script's own names, interned now by compiling it (sim/memory_budget.py mounts it at
# /harness), so that every name counted from here on is the game's or a stand-in's.
with open("/harness/lib_heap.py") as source:
    compile(source.read(), "lib_heap.py", "exec")
# run_wasm: next stage
gc.collect()
mark = gc.mem_alloc()
pool("base")
# run_wasm: next stage
load(("displayio", "terminalio", "board", "keypad", "busio", "fourwire", "busdisplay",
      "analogio", "digitalio", "audioio", "audiocore", "microcontroller", "storage", "os",
      "time"))
# run_wasm: next stage
measure("stubs")
# run_wasm: next stage
load(ADAFRUIT)
# run_wasm: next stage
measure("adafruit_common")
# run_wasm: next stage
load(ADAFRUIT_BOARD)
# run_wasm: next stage
measure("adafruit_board")
# run_wasm: next stage
load(ENGINE)
# run_wasm: next stage
measure("engine_code")
# run_wasm: next stage


load(LIB)
drop_unkept()
# run_wasm: next stage
measure("ui_code")
# run_wasm: next stage
load(BOARD_LIB)
# run_wasm: next stage
measure("ui_code_board")
# run_wasm: next stage
before_startup = mark
load(STARTUP)
# run_wasm: next stage
measure("startup_code")
# run_wasm: next stage
forget(*STARTUP)  # as lib/main_loop.py and lib/app.py do (see STARTUP)
drop_unkept()
# run_wasm: next stage
mark = before_startup
_scrub(100)
gc.collect()
# run_wasm: next stage
measure("startup_left")
# run_wasm: next stage


loaded = list(sys.modules)
app = build()
prune()  # the title's text scene
# run_wasm: next stage
measure("ui_objects_raw")
# run_wasm: next stage
print("loaded_by_ui %s" % ",".join(sorted(n for n in sys.modules if n not in loaded)))


start_match()
# run_wasm: next stage
measure("match")
# run_wasm: next stage


hints = __import__("hints")  # lib/game.py hint: its code, for both steps
# run_wasm: next stage
measure("hints_code")
# run_wasm: next stage
ask_hint()
# run_wasm: next stage
measure("hint")
# run_wasm: next stage
app.game.drop_hinter()  # as the hint does once it has its move
# run_wasm: next stage
measure("hint_dropped")
# run_wasm: next stage
held = teach()
# run_wasm: next stage
measure("teacher")
# run_wasm: next stage
if held is not None:
    forget("engine.bots.chitarrella", "engine.bots")  # as the hint does
held = None
# run_wasm: next stage
measure("teacher_dropped")
# run_wasm: next stage
hints = None
forget("hints")  # as the hint does, done
# run_wasm: next stage
measure("hints_code_dropped")
# run_wasm: next stage
app._drop_table()  # a text screen opens (lib/app.py _show_text): the table goes first
# run_wasm: next stage
measure("table_dropped")
# run_wasm: next stage
prune()
# run_wasm: next stage
measure("table_pruned")
# run_wasm: next stage
held = hint_words()
# run_wasm: next stage
measure("hint_words")
# run_wasm: next stage
held = None
forget("i18n", "lang_it_reasons", "engine.bots.reasons", "engine.bots", "text_screens",
       "text_scene")
# run_wasm: next stage
measure("hint_words_dropped")
# run_wasm: next stage
app._screens().show_pause(app)  # the pause menu: the text scene and the text screens' code
__import__("taken_cards").show(app)  # then the taken cards from it: the larger of the two
# run_wasm: next stage
measure("text_screen")
# run_wasm: next stage
app._drop_text()  # the table comes back (lib/app.py show_table): the text scene goes first
# run_wasm: next stage
measure("text_dropped")
# run_wasm: next stage
prune()
# run_wasm: next stage
measure("text_pruned")
# run_wasm: next stage
app.show_table()  # and the table is built again
# run_wasm: next stage
measure("table_back")
# run_wasm: next stage


held = store_a_save()
# run_wasm: next stage
measure("transient")
# run_wasm: next stage
held = None
app._forget_files()  # as after a store (lib/app.py)
# run_wasm: next stage
measure("transient_dropped")
# run_wasm: next stage


held = end_the_match()
# run_wasm: next stage
measure("match_end")
# run_wasm: next stage
held = None
app._forget_files()  # as after the settings are stored (lib/app.py)
forget("match_options")
# run_wasm: next stage
measure("match_end_kept")
# run_wasm: next stage
held = record_the_match()
# run_wasm: next stage
measure("match_end_stats")
# run_wasm: next stage
held = None
app._forget_files()  # as after the statistics are stored (lib/app.py)


report()
# run_wasm: next stage
_scrub(100)
gc.collect()
mark = gc.mem_alloc()
sys.modules["displayio"].STATE.clear()  # ``found`` keeps the stand-in objects themselves
# run_wasm: next stage
_scrub(100)
gc.collect()
print("stub_state %d" % (mark - gc.mem_alloc()))
print("modules %s" % ",".join(sorted(sys.modules)))
load(SESSION)
# run_wasm: next stage
pool("session")
