# RUN: %e2e %s
# A one-wide slice with literal bounds (`pos[:, 0:1]`, the keep-the-axis
# idiom) of an axis known only at run time is size 1: it broadcasts against
# any size as NumPy's does (pairwise differences of coordinates, as an
# N-body helper writes them), in reads and in writes.
# INPUT: pos f64 [24, 3]
# INPUT: w f64 [24, 5]
# OUTPUT: r2
# OUTPUT: wc
import numpy as np


def pairwise_r2(pos):
    x = pos[:, 0:1]
    y = pos[:, 1:2]
    z = pos[:, 2:3]
    dx = x.T - x
    dy = y.T - y
    dz = z.T - z
    return dx**2 + dy**2 + dz**2


def center_first_columns(w):
    w[:, 1:2] -= w[:, 0:1] * 0.5
    w[2:3, :] = w[2:3, :] + w[0:1]
    return w


def main():
    pos: f64[n, d] = np.load("pos.npy")
    w: f64[m, k] = np.load("w.npy")
    np.save("r2.npy", pairwise_r2(pos))
    np.save("wc.npy", center_first_columns(w))
