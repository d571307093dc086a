"""A stand-in for CircuitPython's ``digitalio`` (memory budget, sim/mp/lib_heap.py): a
``DigitalInOut`` with the calls lib/sound.py makes; any other name is a class that accepts
anything (any_stub.py)."""

from any_stub import __getattr__  # noqa: F401


class DigitalInOut:
    def __init__(self, pin):
        self.value = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.value = value
