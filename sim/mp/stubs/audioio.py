"""A stand-in for CircuitPython's ``audioio`` (memory budget, sim/mp/lib_heap.py): an
``AudioOut`` with the calls lib/sound.py makes. sim/memory_budget.py counts the real object's
size on a board (``SPEAKER_C_BYTES``)."""


class AudioOut:
    def __init__(self, left_channel, right_channel=None, quiescent_value=0x8000):
        pass

    def play(self, sample, loop=False):
        pass

    def stop(self):
        pass
