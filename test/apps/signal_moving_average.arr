# RUN: %e2e %s
# Moving averages three ways: the cumsum trick, np.convolve with a box kernel,
# and an explicit loop over windows; they must agree.
# INPUT: x f64 [500]
# OUTPUT: ma_cumsum
# OUTPUT: ma_conv
# OUTPUT: ma_loop
# JIT: moving_average moving_average_conv moving_average_loop
import numpy as np


def moving_average(a, n=3):
    ret = np.cumsum(a, dtype=float)
    ret[n:] = ret[n:] - ret[:-n]
    return ret[n - 1:] / n


def moving_average_conv(x, w):
    return np.convolve(x, np.ones(w), 'valid') / w


def moving_average_loop(x, w):
    out = np.empty(len(x) - w + 1)
    for i in range(len(out)):
        out[i] = x[i:i + w].mean()
    return out


def main():
    x: f64[n] = np.load("x.npy")
    np.save("ma_cumsum.npy", moving_average(x, n=7))
    np.save("ma_conv.npy", moving_average_conv(x, 7))
    np.save("ma_loop.npy", moving_average_loop(x, 7))
