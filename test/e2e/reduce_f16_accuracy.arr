# RUN: %e2e %s
# Tests f16 sums of many elements: NumPy accumulates f16 in f32 (pairwise),
# so the result is the f16 rounding of an accurate sum.
# once fixed.
# INPUT: h f16 [8193] positive
# INPUT: g f16 [64, 2000] positive
# OUTPUT: total 1e-3
# OUTPUT: rows 1e-3
# OUTPUT: cols 1e-3
import numpy as np

def main():
    h: f16[n] = np.load("h.npy")
    g: f16[r, c] = np.load("g.npy")
    np.save("total.npy", sum(h))
    np.save("rows.npy", np.sum(g, axis=1))
    np.save("cols.npy", np.sum(g, axis=0))
