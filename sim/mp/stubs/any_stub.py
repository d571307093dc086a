"""What the stand-ins for CircuitPython's hardware modules share, on the MicroPython WebAssembly
port (memory budget, sim/mp/lib_heap.py): every name is a class that accepts anything, enough
to import the board drivers."""


class Stub:
    def __init__(self, *args, **kwargs):
        pass


def __getattr__(name):
    return Stub
