# RUN: %e2e %s
# Histograms: np.histogram with 20 bins, the same counts by hand with
# floor-division bin indices and np.bincount, and a density normalisation.
# INPUT: x f64 [1000]
# OUTPUT: counts
# OUTPUT: edges
# OUTPUT: counts_manual
# OUTPUT: density
# JIT: hist_np hist_manual
import numpy as np


def hist_np(x, bins=20):
    counts, edges = np.histogram(x, bins=bins)
    density, _ = np.histogram(x, bins=bins, density=True)
    return counts, edges, density


def hist_manual(x, bins=20):
    lo, hi = x.min(), x.max()
    width = (hi - lo) / bins
    b = ((x - lo) / width).astype(np.int64)
    b[b == bins] = bins - 1
    return np.bincount(b, minlength=bins)


def main():
    x: f64[n] = np.load("x.npy")
    counts, edges, density = hist_np(x)
    np.save("counts.npy", counts)
    np.save("edges.npy", edges)
    np.save("counts_manual.npy", hist_manual(x))
    np.save("density.npy", density)
