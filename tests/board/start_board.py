"""A board's start-up and first minutes through its own drivers: code.py's path (its
``main``, then lib/main_loop.py's, lib/hardware.py, the board's driver) on CPython, with the
firmware and libraries of tests/fake_hw/ (strict: the real modules' signatures) and the displayio
stand-in of sim/mp/stubs/, then input through the board's own buttons, joystick or touch.

usage: start_board.py REPO ROOT BOARD_ID SETTING SAVES

ROOT is the board's code to run: the repository, or the code renamed as a .mpy deploy has it
(sim/minify.py; this script is then renamed alike). REPO gives the stand-ins and the card
sheets. SETTING is SCOPONE_BOARD's value ("-" for none); BOARD_ID "pyportal-nolib" is a
PyPortal whose drive lacks adafruit_touchscreen. Prints the start line, the screen after each
step of input, whether the game's clock is the firmware's (supervisor.ticks_ms), whether the
display was refreshed, the files saved, and the notes the speaker played ("none" on a board
without one).
"""

import os
import sys

repo, root, board_id, setting, saves = sys.argv[1:6]
sys.path[:0] = [repo + "/tests/fake_hw", root, root + "/lib", repo + "/sim/mp/stubs"]

import fake_hw  # noqa: E402

_BUILT_IN = {"pyportal": (320, 240), "pyportal_titano": (480, 320), "pybadge": (160, 128),
             "pygamer": (160, 128)}
library = not board_id.endswith("-nolib")
board_id = board_id.replace("-nolib", "")
size = _BUILT_IN.get(board_id)
display = fake_hw.Display(*size) if size else None
if setting != "-":
    os.environ["SCOPONE_BOARD"] = setting
fake_hw.install(board_id, display, touchscreen=library)

import importlib.util  # noqa: E402

# code.py as the board runs it (loaded by path: the standard library has a module "code"),
# called by keyword as at a board's REPL, which a .mpy deploy's shortened names must allow
spec = importlib.util.spec_from_file_location("board_code", root + "/code.py")
code_py = importlib.util.module_from_spec(spec)
spec.loader.exec_module(code_py)
app = code_py.main(max_frames=1, assets=repo, saves=saves)  # code.py's start-up, one frame
if app is None:  # the board cannot run the game: a message on its screen
    shown = display.root_group if display is not None else None
    print("no game;", "message shown" if shown is not None else "no screen")
    sys.exit(0)

import hardware  # noqa: E402  (main dropped it: start again, keeping the input)
import main_loop  # noqa: E402  (code.py loaded it)

app, pad, queue = hardware.start(None, repo, saves)
main_loop.FRAME_S = 0  # no pause between frames: the firmware's clock is a stand-in's
trace = []


def step(frames=6):
    main_loop.run(app, pad, queue, frames)
    trace.append(app.screen)


if fake_hw.TOUCHES:  # PyPortal: menu rows, cards in the hand (twice plays one), the score
    touch = fake_hw.TOUCHES[-1]
    points = ((160, 60), (70, 215), (70, 215), (20, 8), (160, 70), (130, 215), (130, 215),
              (160, 100), (40, 215), (40, 215))
    for i in range(2 * len(points)):
        x, y = points[i % len(points)]
        touch.touch_point = (x, y, 30000)
        main_loop.run(app, pad, queue, 1)
        touch.touch_point = None
        # untouched long enough to end the touch (hw_pyportal.py RELEASE_MS), and for the
        # guard that drops taps hurrying the bots to lapse (lib/app.py SKIP_GUARD_MS)
        step(80)
else:
    keys = fake_hw.KEYS[-1]
    pico = "hw_pico" in sys.modules
    # every button, SELECT (the Pico's X, the PyBadge's A) in between
    pressed = (2, 2, 0, 2, 1, 2, 3, 2) if pico else (1, 1, 7, 1, 4, 1, 0, 1, 3, 1, 5, 6, 2)
    for i in range(2 * len(pressed)):
        key = pressed[i % len(pressed)]
        keys.events.pending += [(key, True), (key, False)]
        step(4)
    if pico:  # Y held for HINT, then let go
        keys.events.pending.append((3, True))
        step(200)
        keys.events.pending.append((3, False))
        step(4)
    if fake_hw.ANALOG:  # the PyGamer's joystick, pushed left then back
        fake_hw.ANALOG[0].value = 1000
        step(4)
        fake_hw.ANALOG[0].value = 32768
        step(4)
import engine.clock  # noqa: E402

print("screens", " ".join(trace))
print("ticks", engine.clock.ticks_ms is sys.modules["supervisor"].ticks_ms)  # CircuitPython's
print("refreshed", app.display.refreshes > 0)
print("saved", " ".join(sorted(os.listdir(saves))))
print("notes", fake_hw.AUDIO[-1].notes if fake_hw.AUDIO else "none")
