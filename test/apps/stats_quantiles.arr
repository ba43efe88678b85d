# RUN: %e2e %s
# Five-number summary and IQR outlier fences per column, using np.percentile,
# np.median and sorting; also the quantiles by hand from a sorted copy
# (linear interpolation, NumPy's default).
# INPUT: X f64 [101, 4]
# OUTPUT: summary
# OUTPUT: outliers
# OUTPUT: q_manual
# JIT: five_numbers quantile_sorted
import numpy as np


def five_numbers(X):
    q1, med, q3 = np.percentile(X, [25, 50, 75], axis=0)
    iqr = q3 - q1
    out = (X < q1 - 1.5 * iqr) | (X > q3 + 1.5 * iqr)
    return np.vstack([X.min(axis=0), q1, med, q3, X.max(axis=0)]), out.sum(axis=0)


def quantile_sorted(x, q):
    s = np.sort(x)
    pos = q * (len(s) - 1)
    lo = int(np.floor(pos))
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (pos - lo) * (s[hi] - s[lo])


def main():
    X: f64[n, k] = np.load("X.npy")
    summary, outliers = five_numbers(X)
    q_manual = np.array([quantile_sorted(X[:, j], 0.3) for j in range(X.shape[1])])
    np.save("summary.npy", summary)
    np.save("outliers.npy", outliers)
    np.save("q_manual.npy", q_manual)
