"""A stand-in for CircuitPython's ``displayio`` on the MicroPython WebAssembly port, for the
memory budget (sim/memory_budget.py, sim/mp/lib_heap.py). Not a display: nothing is drawn.

On a board ``Group``, ``TileGrid``, ``Bitmap``, ``OnDiskBitmap`` and ``Palette`` are C
objects whose sizes sim/memory_budget.py computes from CircuitPython's structs. Here each
object keeps its state in ``STATE`` (keyed by ``id``) and no attribute of its own, so an
instance costs one 16-byte GC block and all the stand-in state can be dropped in one go
(``STATE.clear()``) to measure it: what remains is what the Python code around them (the
scenes, their text lines) holds.
``CREATED`` counts the objects made, by class.
"""

STATE = {}
CREATED = {"Group": 0, "TileGrid": 0, "Bitmap": 0, "OnDiskBitmap": 0, "Palette": 0}


def _state(obj):
    return STATE[id(obj)]


def release_displays():
    pass


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        STATE[id(self)] = [x, y, scale, False, []]
        CREATED["Group"] += 1

    @property
    def x(self):
        return _state(self)[0]

    @x.setter
    def x(self, value):
        _state(self)[0] = value

    @property
    def y(self):
        return _state(self)[1]

    @y.setter
    def y(self, value):
        _state(self)[1] = value

    @property
    def scale(self):
        return _state(self)[2]

    @scale.setter
    def scale(self, value):
        _state(self)[2] = value

    @property
    def hidden(self):
        return _state(self)[3]

    @hidden.setter
    def hidden(self, value):
        _state(self)[3] = value

    def append(self, layer):
        _state(self)[4].append(layer)

    def insert(self, index, layer):
        _state(self)[4].insert(index, layer)

    def remove(self, layer):
        _state(self)[4].remove(layer)

    def pop(self, index=-1):
        return _state(self)[4].pop(index)

    def index(self, layer):
        return _state(self)[4].index(layer)

    def __len__(self):
        return len(_state(self)[4])

    def __getitem__(self, index):
        return _state(self)[4][index]

    def __iter__(self):
        return iter(_state(self)[4])


class OnDiskBitmap:
    """Its ``pixel_shader`` is a Palette of the file's colours (``colors`` here: no file)."""

    def __init__(self, path, colors=13):
        STATE[id(self)] = (path, Palette(colors))
        CREATED["OnDiskBitmap"] += 1

    @property
    def pixel_shader(self):
        return _state(self)[1]


class Bitmap:
    def __init__(self, width, height, value_count):
        STATE[id(self)] = (width, height, value_count)
        CREATED["Bitmap"] += 1

    @property
    def width(self):
        return _state(self)[0]

    @property
    def height(self):
        return _state(self)[1]

    @property
    def value_count(self):
        return _state(self)[2]

    def fill(self, value):
        pass

    def blit(self, *args, **kwargs):
        pass

    def __getitem__(self, index):
        return 0

    def __setitem__(self, index, value):
        pass


class Palette:
    def __init__(self, color_count, *, dither=False):
        STATE[id(self)] = [[0] * color_count, bytearray(color_count)]
        CREATED["Palette"] += 1

    def __len__(self):
        return len(_state(self)[0])

    def __getitem__(self, index):
        return _state(self)[0][index]

    def __setitem__(self, index, color):
        _state(self)[0][index] = color

    def make_transparent(self, index):
        _state(self)[1][index] = 1

    def make_opaque(self, index):
        _state(self)[1][index] = 0

    def is_transparent(self, index):
        return bool(_state(self)[1][index])


class TileGrid:
    # state: x, y, hidden, tile, bitmap, pixel_shader, flip_x, flip_y, transpose_xy,
    # width, height, tile_width, tile_height
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        if tile_width is None:
            tile_width = bitmap.width
        if tile_height is None:
            tile_height = bitmap.height
        STATE[id(self)] = [x, y, False, default_tile, bitmap, pixel_shader, False, False, False,
                           width, height, tile_width, tile_height]
        CREATED["TileGrid"] += 1

    def _get(self, i):
        return _state(self)[i]

    def _put(self, i, value):
        _state(self)[i] = value

    x = property(lambda self: self._get(0), lambda self, v: self._put(0, v))
    y = property(lambda self: self._get(1), lambda self, v: self._put(1, v))
    hidden = property(lambda self: self._get(2), lambda self, v: self._put(2, v))
    bitmap = property(lambda self: self._get(4), lambda self, v: self._put(4, v))
    pixel_shader = property(lambda self: self._get(5), lambda self, v: self._put(5, v))
    flip_x = property(lambda self: self._get(6), lambda self, v: self._put(6, v))
    flip_y = property(lambda self: self._get(7), lambda self, v: self._put(7, v))
    transpose_xy = property(lambda self: self._get(8), lambda self, v: self._put(8, v))
    width = property(lambda self: self._get(9))
    height = property(lambda self: self._get(10))
    tile_width = property(lambda self: self._get(11))
    tile_height = property(lambda self: self._get(12))

    def __getitem__(self, index):
        return _state(self)[3]

    def __setitem__(self, index, tile):
        _state(self)[3] = tile
