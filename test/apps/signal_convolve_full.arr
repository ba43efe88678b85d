# RUN: %e2e %s
# Full 1-D convolution by the definition (double loop) against np.convolve in
# all three modes.
# INPUT: a f64 [60]
# INPUT: k f64 [9]
# OUTPUT: full_loop
# OUTPUT: full
# OUTPUT: same
# OUTPUT: valid
# JIT: conv_direct conv_modes
import numpy as np


def conv_direct(a, k):
    n, m = len(a), len(k)
    out = np.zeros(n + m - 1)
    for i in range(n):
        for j in range(m):
            out[i + j] += a[i] * k[j]
    return out


def conv_modes(a, k):
    return np.convolve(a, k), np.convolve(a, k, mode='same'), np.convolve(a, k, mode='valid')


def main():
    a: f64[n] = np.load("a.npy")
    k: f64[m] = np.load("k.npy")
    np.save("full_loop.npy", conv_direct(a, k))
    full, same, valid = conv_modes(a, k)
    np.save("full.npy", full)
    np.save("same.npy", same)
    np.save("valid.npy", valid)
