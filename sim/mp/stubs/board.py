"""A stand-in for CircuitPython's ``board`` (memory budget, sim/mp/lib_heap.py): any name is a
class that accepts anything (any_stub.py)."""

from any_stub import Stub, __getattr__  # noqa: F401
