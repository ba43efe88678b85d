# RUN: %e2e %s
# Zero-crossing rate and peak picking on a smoothed signal: sign changes
# counted with np.diff of np.signbit, local maxima above a threshold with
# np.nonzero, returned as indices.
# INPUT: x f64 [300]
# OUTPUT: zcr
# OUTPUT: peaks
# JIT: smooth zero_crossing_rate find_peaks
import numpy as np


def smooth(x, w=5):
    k = np.ones(w) / w
    return np.convolve(x, k, mode='same')


def zero_crossing_rate(x):
    return np.count_nonzero(np.diff(np.signbit(x).astype(int))) / (len(x) - 1)


def find_peaks(x, height):
    interior = (x[1:-1] > x[:-2]) & (x[1:-1] > x[2:]) & (x[1:-1] > height)
    return np.nonzero(interior)[0] + 1


def main():
    x: f64[n] = np.load("x.npy")
    s = smooth(x)
    np.save("zcr.npy", zero_crossing_rate(s))
    np.save("peaks.npy", find_peaks(s, 0.2))
