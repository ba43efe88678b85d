# RUN: %e2e %s
# Empirical CDFs of two samples evaluated with np.searchsorted, the
# Kolmogorov-Smirnov statistic, per-bin counts accumulated with np.add.at,
# and a check that the two count methods agree (np.allclose).
# INPUT: a f64 [300]
# INPUT: b f64 [250]
# OUTPUT: ks
# OUTPUT: counts
# OUTPUT: agree
# JIT: ks_statistic binned_counts
import numpy as np


def ecdf(sample, x):
    s = np.sort(sample)
    return np.searchsorted(s, x, side='right') / len(s)


def ks_statistic(a, b):
    grid = np.concatenate([a, b])
    return np.max(np.abs(ecdf(a, grid) - ecdf(b, grid)))


def binned_counts(x, edges):
    idx = np.searchsorted(edges, x, side='right') - 1
    idx = np.clip(idx, 0, len(edges) - 2)
    counts = np.zeros(len(edges) - 1)
    np.add.at(counts, idx, 1)
    return counts, np.allclose(counts, np.histogram(x, edges)[0])


def main():
    a: f64[n] = np.load("a.npy")
    b: f64[m] = np.load("b.npy")
    np.save("ks.npy", ks_statistic(a, b + 0.3))
    counts, agree = binned_counts(a, np.linspace(a.min(), a.max(), 11))
    np.save("counts.npy", counts)
    np.save("agree.npy", agree)
