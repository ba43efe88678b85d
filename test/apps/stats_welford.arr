# RUN: %e2e %s
# Welford's online mean and variance over a stream, one value at a time
# (`for v in x`), compared with the two-pass formulas.
# INPUT: x f64 [1000]
# OUTPUT: online
# OUTPUT: twopass
# JIT: welford
import numpy as np


def welford(x):
    n = 0
    mean = 0.0
    M2 = 0.0
    for v in x:
        n += 1
        delta = v - mean
        mean += delta / n
        M2 += delta * (v - mean)
    return np.array([mean, M2 / (n - 1)])


def main():
    x: f64[n] = np.load("x.npy")
    np.save("online.npy", welford(3.0 + 2.0 * x))
    np.save("twopass.npy", np.array([np.mean(3.0 + 2.0 * x), np.var(3.0 + 2.0 * x, ddof=1)]))
