"""The arena's chart: per-deal score differences and their running mean with its 95% band.

Desktop only (matplotlib, Agg backend).
"""

from __future__ import annotations

import math

from sim.arena import Z95


def running_ci95(values) -> tuple[list, list, list]:
    """(means, lows, highs) of ``ci95`` over each prefix ``values[:k + 1]``, in one pass."""
    means, lows, highs = [], [], []
    total = 0.0
    squares = 0.0
    for k, value in enumerate(values, 1):
        total += value
        squares += value * value
        centre = total / k
        variance = max(0.0, (squares - total * centre) / (k - 1)) if k > 1 else 0.0
        half = Z95 * math.sqrt(variance / k)
        means.append(centre)
        lows.append(centre - half)
        highs.append(centre + half)
    return means, lows, highs


def plot(report, path) -> None:
    """Write a PNG: the histogram of the ``d_i`` and their running mean with its 95% band."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    diffs = report.diffs
    count = len(diffs)
    means, lows, highs = running_ci95(diffs)
    figure, (left, right) = pyplot.subplots(1, 2, figsize=(11, 4.5), layout="constrained")
    setup = report.setup
    figure.suptitle("%s (A) vs %s (B): %d duplicate deals, %s"
                    % (setup.a.label, setup.b.label, count, setup.preset))
    # d_i is a multiple of 1/2: one bar per possible value.
    edges = [x / 2 - 0.25 for x in range(int(2 * min(diffs)), int(2 * max(diffs)) + 2)]
    left.hist(diffs, bins=edges, color="tab:blue", edgecolor="white")
    left.axvline(0, color="grey", linewidth=1)
    left.axvline(means[-1], color="tab:red", linewidth=1.5, label="mean %.3f" % means[-1])
    left.set_xlabel("d_i: A - B points per hand, mean of the two plays")
    left.set_ylabel("deals")
    left.legend()
    deal = range(1, count + 1)
    right.fill_between(deal, lows, highs, color="tab:red", alpha=0.2, label="95% CI")
    right.plot(deal, means, color="tab:red", linewidth=1.5, label="running mean")
    right.axhline(0, color="grey", linewidth=1)
    right.set_xlabel("deals played")
    right.set_ylabel("mean A - B points per hand")
    right.set_ylim(*_band_limits(lows, highs, count))
    right.legend()
    figure.savefig(path, format="png", dpi=100)
    pyplot.close(figure)


def _band_limits(lows, highs, count) -> tuple[float, float]:
    """y limits showing the band once it has settled (the first few deals swing widely)."""
    start = min(count - 1, max(1, count // 20))
    low = min(0.0, min(lows[start:]))
    high = max(0.0, max(highs[start:]))
    margin = 0.1 * (high - low) or 0.5
    return low - margin, high + margin
