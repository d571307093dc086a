"""Wrapping millisecond and microsecond ticks for bot deadlines and benchmarks.

MicroPython has ``time.ticks_ms``/``ticks_us``; CircuitPython has ``supervisor.ticks_ms``,
which wraps at 2**29 so that differences stay small ints (its microseconds here are whole
milliseconds); CPython gets monotonic clocks. Compare ticks only through ``ticks_diff``.

Allocation: none on MicroPython and CircuitPython.
"""

try:
    from time import ticks_diff, ticks_ms, ticks_us  # noqa: F401 (MicroPython)
except ImportError:
    try:
        from supervisor import ticks_ms  # CircuitPython

        def ticks_diff(end: int, start: int) -> int:
            return ((end - start + 0x10000000) & 0x1FFFFFFF) - 0x10000000

        def ticks_us() -> int:
            return ticks_ms() * 1000  # wraps with ticks_ms: fine for the short spans we time

    except ImportError:  # CPython
        from time import monotonic_ns

        def ticks_ms() -> int:
            return monotonic_ns() // 1000000

        def ticks_us() -> int:
            return monotonic_ns() // 1000

        def ticks_diff(end: int, start: int) -> int:
            return end - start
