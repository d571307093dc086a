"""A stand-in for CircuitPython's ``terminalio`` on the MicroPython WebAssembly port (memory
budget, sim/mp/lib_heap.py): ``FONT`` answers like the built-in 6x12 font, and its glyph is
one shared object (the board's font lives in flash)."""


class _GlyphBitmap:
    width = 6 * 95
    height = 12

    def __getitem__(self, index):
        return 0


class _Glyph:
    def __init__(self):
        self.bitmap = _GlyphBitmap()
        self.tile_index = 0
        self.width = 6
        self.height = 12
        self.dx = 0
        self.dy = 0
        self.shift_x = 6
        self.shift_y = 0


class _BuiltinFont:
    def __init__(self):
        self.glyph = _Glyph()
        self.bitmap = self.glyph.bitmap

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, codepoint):
        return self.glyph


FONT = _BuiltinFont()
