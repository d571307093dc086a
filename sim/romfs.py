"""ROMFS images of the engine, for MicroPython boards: their ``.mpy`` files run from flash.

MicroPython 1.25 and later can keep a read-only filesystem, ROMFS, in a partition of the
board's flash, mounted at ``/rom`` with ``/rom`` and ``/rom/lib`` on ``sys.path``. A ``.mpy``
imported from it runs in place: its bytecode and constants stay in flash, as frozen modules'
do, and only the objects the import makes (functions, classes, module dictionaries, interned
names) take heap. For the engine that is about 9 KB less held than from a filesystem
(``make bench``: ``mp32_engine_heap_romfs_bytes`` against ``mp32_engine_heap_bytes``). Only
firmware built with a ROMFS partition has one (``mpremote romfs query`` tells); CircuitPython
has none, so the game's own boards take README "On a board"'s deploy instead.

usage: python -m sim.romfs [--as-built] [OUT]

writes the engine's image to OUT (default ``build/engine.romfs``), for
``mpremote romfs deploy OUT``. The engine keeps its names as written, so a script on the board
imports it as README "Engine in ten lines" does (only its classes' ``__slots__`` go, which
MicroPython ignores, and engine/kinds.py, whose calls become bytes). ``--as-built`` builds it
as ``make deploy`` does instead (names shortened by sim/minify.py, constants folded), which
only code built alongside can call: the benchmark's scripts.

The image itself is written by mpremote's own ``romfs`` module (MicroPython's format, as
``mpremote romfs build`` writes it).
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

from mpremote.romfs import make_romfs

from sim import CommandParser, minify, mpruntime

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "build" / "engine.romfs"


def image(tree: Path) -> bytes:
    """A ROMFS image of every file under ``tree``, in the same layout (``tree/engine/state.mpy``
    becomes ``/rom/engine/state.mpy`` on the board)."""
    with contextlib.redirect_stdout(io.StringIO()):  # make_romfs prints the tree it walks
        return make_romfs(str(tree), mpy_cross=False)


def engine_tree(dest: Path, as_built: bool = False) -> Path:
    """Compile the engine to ``.mpy`` (``mpruntime.compile_mpy``) under ``dest/tree/engine``,
    with its names as written but, as a board has no use for them, no ``__slots__`` and bytes
    in place of engine/kinds.py's calls (``minify.for_board``, and no file for kinds.py), in
    ``dest/written`` first, or, with ``as_built``, as ``make deploy`` renames them (in
    ``dest/renamed``); returns ``dest/tree``, the image's root."""
    if as_built:
        source = dest / "renamed"
        minify.write_root(source)
    else:
        source = dest / "written"
        minify.write_folder(source, "engine", minify.for_board)
        (source / minify.KINDS).unlink()
    mpruntime.compile_mpy(source / "engine", dest / "tree" / "engine")
    return dest / "tree"


def write_engine_image(out: Path, as_built: bool = False) -> int:
    """Build the engine's image into ``out``; returns its size in bytes."""
    with tempfile.TemporaryDirectory() as work:
        data = image(engine_tree(Path(work), as_built))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    return len(data)


def main(argv=None) -> int:
    parser = CommandParser(prog="python -m sim.romfs",
                           description="Write a ROMFS image of the engine.")
    parser.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT,
                        help="the image file (default: build/engine.romfs)")
    parser.add_argument("--as-built", action="store_true",
                        help="names shortened and constants folded, as make deploy builds them")
    args = parser.parse_args(argv)
    if not args.out.name or args.out.is_dir():
        parser.error("%s is a folder: give the image's file name" % (args.out or "''"))
    try:
        size = write_engine_image(args.out, args.as_built)
    except OSError as error:
        parser.error("cannot write %s: %s" % (args.out, error.strerror or error))
    mpremote = Path(sys.executable).with_name("mpremote")  # installed beside this Python
    print("wrote %s: %d bytes; to put it on the board: %s romfs deploy %s"
          % (args.out, size, mpremote, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
