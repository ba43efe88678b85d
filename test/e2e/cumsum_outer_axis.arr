# RUN: %e2e %s
# Cumulative sums and products along an outer axis (on the GPU: chunks of
# rows scanned in parallel when the columns are too few to fill it): a
# summed-area table as box filters build it, a 3-d cumsum along the
# middle axis, a cumprod of values near 1, tall-thin and short-wide shapes;
# run-time sizes, the inputs compared after the calls.
# INPUT: M i32 [1500, 37] range=0:256
# INPUT: t f32 [3, 2000, 5]
# INPUT: g f64 [3000, 4] range=0.999:1.001
# INPUT: wide f32 [3, 4000]
# OUTPUT: sat
# OUTPUT: boxes
# OUTPUT: running 1e-5
# OUTPUT: growth 1e-9
# OUTPUT: wide_cs 1e-5
# OUTPUT: M_after
import numpy as np


def summed_area(M):
    S = np.zeros((M.shape[0] + 1, M.shape[1] + 1), dtype=np.int64)
    S[1:, 1:] = M.cumsum(axis=0).cumsum(axis=1)
    return S


def box_sums(S, k):
    return S[k:, k:] - S[:-k, k:] - S[k:, :-k] + S[:-k, :-k]


def main():
    M: i32[n, m] = np.load("M.npy")
    t: f32[a, b, c] = np.load("t.npy")
    g: f64[p, q] = np.load("g.npy")
    wide: f32[r, s] = np.load("wide.npy")
    sat = summed_area(M)
    np.save("sat.npy", sat)
    np.save("boxes.npy", box_sums(sat, 5))
    np.save("running.npy", np.cumsum(t, axis=1))
    np.save("growth.npy", np.cumprod(g, axis=0))
    np.save("wide_cs.npy", wide.cumsum(axis=0))
    np.save("M_after.npy", M)
