"""The seeded PRNG (engine/rng.py): L'Ecuyer's combined generator, CACM 31(6), 1988, Figure 3.

The constants below are the published ones (m1 = 32363, a1 = 157; m2 = 31727, a2 = 146;
m3 = 31657, a3 = 142), written out here so the tests do not read the module's private names.
"""

from collections import Counter

import pytest

from engine.rng import Rng

M1, A1 = 32363, 157
M2, A2 = 31727, 146
M3, A3 = 31657, 142
RANGE = 32362  # outputs are 1..32362
SMALL_INT = 2**30

# Chi-square critical values at p = 0.001 by degrees of freedom.
CHI2_CRITICAL = {3: 16.27, 6: 22.46, 9: 27.88, 39: 72.05}


def chi_square(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


def stream(seed, count):
    rng = Rng(seed)
    return [rng.next() for _ in range(count)]


def test_same_seed_same_stream():
    assert stream(12345, 500) == stream(12345, 500)
    rng = Rng(99)
    first = [rng.next() for _ in range(50)]
    rng.seed(99)  # re-seeding restarts the stream
    assert [rng.next() for _ in range(50)] == first


def test_different_seeds_different_streams():
    heads = {tuple(stream(seed, 4)) for seed in range(200)}
    assert len(heads) == 200
    # Nearby seeds drift apart: their first outputs are not a simple progression.
    firsts = [stream(seed, 1)[0] for seed in range(20)]
    assert len(set(firsts)) == 20
    assert len({b - a for a, b in zip(firsts, firsts[1:], strict=False)}) > 1


def test_outputs_in_range():
    for seed in (0, 1, 2, 777, 2**30 - 1):
        rng = Rng(seed)
        for _ in range(5000):
            assert 1 <= rng.next() <= RANGE


def test_state_and_intermediates_stay_below_2_30():
    # Schrage's method (r = m % a below q = m // a) keeps a * (s % q) and r * (s // q) below m as
    # long as every component stays in 1..m-1, so checking the components bounds every
    # intermediate well below 2**30.
    for m, a in ((M1, A1), (M2, A2), (M3, A3)):
        assert m % a < m // a
        assert a * (m // a) < SMALL_INT
    for seed in (0, 1, 40000, 123456789, 2**30 - 1):
        rng = Rng(seed)
        for _ in range(20000):
            rng.next()
            assert 1 <= rng.s1 < M1
            assert 1 <= rng.s2 < M2
            assert 1 <= rng.s3 < M3


def test_components_are_the_published_lehmer_generators():
    # Each step multiplies each component by its multiplier modulo its modulus (Figure 3).
    rng = Rng(2024)
    for _ in range(2000):
        s1, s2, s3 = rng.s1, rng.s2, rng.s3
        z = rng.next()
        assert rng.s1 == A1 * s1 % M1
        assert rng.s2 == A2 * s2 % M2
        assert rng.s3 == A3 * s3 % M3
        expected = rng.s1 - rng.s2
        if expected > 706:
            expected -= RANGE
        expected += rng.s3
        if expected < 1:
            expected += RANGE
        assert z == expected


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 10, 40, 1560, RANGE])
def test_below_in_range(n):
    rng = Rng(n)
    for _ in range(3000):
        assert 0 <= rng.below(n) < n


@pytest.mark.parametrize("n, draws", [(4, 20000), (7, 21000), (10, 30000)])
def test_below_is_uniform_enough(n, draws):
    rng = Rng(31337 + n)
    counts = [0] * n
    for _ in range(draws):
        counts[rng.below(n)] += 1
    assert chi_square(counts, draws / n) < CHI2_CRITICAL[n - 1]


def test_below_large_n_covers_its_range_evenly():
    # 1560 = 40 * 39, the largest range the shuffle draws; bucket by tens of the range.
    rng = Rng(5)
    n = 1560
    buckets = [0] * 40
    draws = 40000
    for _ in range(draws):
        buckets[rng.below(n) * 40 // n] += 1
    assert chi_square(buckets, draws / 40) < CHI2_CRITICAL[39]


@pytest.mark.parametrize("seed", [0, 1, 2**29, 2**30 - 1])
def test_seed_bounds_accepted(seed):
    rng = Rng(seed)
    assert 1 <= rng.s1 < M1 and 1 <= rng.s2 < M2 and 1 <= rng.s3 < M3


@pytest.mark.parametrize("seed", [-1, 2**30, 2**31])
def test_seed_out_of_bounds_refused(seed):
    with pytest.raises(ValueError):
        Rng(seed)
    rng = Rng(3)
    with pytest.raises(ValueError):
        rng.seed(seed)


def test_nearby_seeds_give_unrelated_streams():
    # The components are linear in their seeds; without the seed scrambling, seeds s and s+1
    # gave first draws in arithmetic progression (32, 20, 8, ... for below(40)).
    firsts = [Rng(seed).below(4) for seed in range(4001)]
    pairs = Counter(zip(firsts, firsts[1:], strict=False))
    expected = 4000 / 16
    chi_square = sum((pairs[(a, b)] - expected) ** 2 / expected for a in range(4) for b in range(4))
    assert chi_square < 37.7  # 15 degrees of freedom, p = 0.001
    steps = Counter((Rng(seed + 1).below(40) - Rng(seed).below(40)) % 40 for seed in range(2000))
    assert max(steps.values()) < 2000 / 40 * 2
