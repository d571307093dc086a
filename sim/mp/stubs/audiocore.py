"""A stand-in for CircuitPython's ``audiocore`` (memory budget, sim/mp/lib_heap.py): a
``RawSample`` that keeps its sample rate. sim/memory_budget.py counts the real object's size
on a board (``SPEAKER_C_BYTES``)."""


class RawSample:
    def __init__(self, buffer, channel_count=1, sample_rate=8000, single_buffer=True):
        self.sample_rate = sample_rate
