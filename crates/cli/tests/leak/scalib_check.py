"""Cross-check cardlab's t-statistics against SCALib's Ttest.

Usage: scalib_check.py DIR
DIR holds what `cardlab leak --export DIR` wrote. Prints one line per
order with the largest difference and exits non-zero if any sample's t
differs by more than floating-point rounding (relative 1e-9, absolute
1e-9), or if the two tools disagree on which samples are data-independent
(cardlab: NaN; SCALib gives NaN or 0/0 there too).

Welch's t takes each class's sample variance, with n - 1 (Goodwill et al.
2011; cardlab); SCALib divides by n. The two differ by a factor that
depends on the class sizes and the ratio of the class variances only, so
SCALib's t is brought to the n - 1 convention with that factor (the class
variances for it from numpy) before the comparison: the factor is within
1e-3 of 1, so its own rounding cannot hide a difference of the t-values.
"""
import sys

import numpy as np
from scalib.metrics import Ttest

d = sys.argv[1]
traces = np.load(f"{d}/traces.npy")
labels = np.load(f"{d}/labels.npy").astype(np.uint16)
ours = [np.load(f"{d}/t1.npy"), np.load(f"{d}/t2.npy")]

ttest = Ttest(d=2)
ttest.fit_u(np.ascontiguousarray(traces, dtype=np.int16), labels)
theirs = ttest.get_ttest()  # shape (2, samples): order 1, order 2


def to_sample_variance(t, order):
    """SCALib's t (variances over n) in the n - 1 convention."""
    parts = []
    for c in (0, 1):
        x = traces[labels == c].astype(np.float64)
        if order == 1:
            x = (x - x.mean(axis=0)) ** 2
        parts.append((x.var(axis=0), len(x)))
    (v0, n0), (v1, n1) = parts
    with np.errstate(invalid="ignore", divide="ignore"):
        return t * np.sqrt((v0 / n0 + v1 / n1) / (v0 / (n0 - 1) + v1 / (n1 - 1)))


theirs = [to_sample_variance(theirs[order], order) for order in (0, 1)]

bad = False
for order in (0, 1):
    a, b = ours[order], theirs[order]
    constant = np.isnan(a)
    tested = ~constant
    # Where cardlab calls a sample data-independent, SCALib divides 0 by 0.
    if not np.all(~np.isfinite(b[constant]) | (b[constant] == 0)):
        print(f"order {order + 1}: SCALib finds variation where cardlab finds none")
        bad = True
    diff = np.abs(a[tested] - b[tested])
    tol = 1e-9 + 1e-9 * np.abs(b[tested])
    worst = float(diff.max()) if diff.size else 0.0
    print(
        f"order {order + 1}: {tested.sum()} samples compared, "
        f"{constant.sum()} data-independent, largest |difference| {worst:.3e}"
    )
    if np.any(diff > tol):
        i = int(np.argmax(diff - tol))
        print(f"order {order + 1}: sample {i} differs: cardlab {a[tested][i]}, SCALib {b[tested][i]}")
        bad = True
sys.exit(1 if bad else 0)
