"""Seeded PRNG whose state and every intermediate stay below 2**30.

L'Ecuyer's combined generator for 16-bit arithmetic (CACM 31(6), 1988, Figure 3): three
multiplicative generators. The paper evaluates them with Schrage's method for 16-bit words;
here each product ``s * a`` is below 2**23, well inside a board's 31-bit small ints, so
``s * a % m`` gives the same stream with fewer operations. It gives the same stream on
CPython, the MicroPython unix port and a 32-bit board, where an int past 2**30 would leave
the small-int range and allocate.

Period about 8.5e12; outputs are 1..32362. ``below(n)`` uses rejection, so it is unbiased.

Allocation: none after construction.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


_M1 = const(32363)
_A1 = const(157)
_M2 = const(31727)
_A2 = const(146)
_M3 = const(31657)
_A3 = const(142)
_RANGE = const(32362)  # outputs are 1.._RANGE


_FEISTEL_KEYS = (0x3A5F, 0x1C33, 0x6D21, 0x4B97)


def _round(half: int, key: int) -> int:
    """Feistel round function on a 15-bit half: products stay below 2**30."""
    half ^= key
    return ((half * half) >> 15 ^ half * 0x2C1B) & 0x7FFF


class Rng:
    """A small, portable, seedable PRNG (see the module docstring)."""

    def __init__(self, seed: int = 1) -> None:
        self.s1 = 1
        self.s2 = 1
        self.s3 = 1
        self.seed(seed)

    def seed(self, seed: int) -> None:
        """Restart the stream from ``seed``, any int in 0..2**30-1."""
        if seed < 0 or seed >= 0x40000000:
            raise ValueError("seed must be in 0..2**30-1, got %d" % seed)
        # The components are linear in their seeds, so nearby seeds would give related
        # streams: scramble the seed first with a Feistel network on its two 15-bit halves.
        low = seed & 0x7FFF
        high = seed >> 15
        for key in _FEISTEL_KEYS:
            low, high = high, low ^ _round(high, key)
        self.s1 = low % (_M1 - 1) + 1  # each component must be in 1..m-1
        self.s2 = high % (_M2 - 1) + 1
        self.s3 = (low ^ _round(high, 0x1D2B)) % (_M3 - 1) + 1

    def next(self) -> int:
        """The next output, an int in 1..32362."""
        return self.below(_RANGE) + 1  # below(_RANGE) rejects no draw: it is the draw - 1

    def below(self, n: int) -> int:
        """A uniform int in 0..n-1, for 1 <= n <= 32362 (rejection keeps it unbiased)."""
        limit = _RANGE - _RANGE % n
        while True:
            # the generator (each product is below 32363 * 157 < 2**23, so the direct form is
            # exact and small): a draw per play and twenty per deal (the benchmark path)
            s1 = self.s1 * _A1 % _M1
            s2 = self.s2 * _A2 % _M2
            s3 = self.s3 * _A3 % _M3
            self.s1 = s1
            self.s2 = s2
            self.s3 = s3
            # The paper combines them as z = s1 - s2 + s3 folded into 1.._RANGE with two
            # tests; z - 1 is that sum less one, modulo _RANGE: one operation, same stream.
            z = (s1 - s2 + s3 - 1) % _RANGE  # the draw - 1, in 0.._RANGE-1
            if z < limit:
                return z % n
