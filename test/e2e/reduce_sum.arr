# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests sum with axis=None, int, negative int, tuple, and keepdims on f32.
# (Signed data with a mean of 1: full sums are far from 0, so a relative
# tolerance does not depend on luck.)
# INPUT: x f32 [37, 53] range=-1:3
# OUTPUT: all 1e-5
# OUTPUT: ax0 1e-5
# OUTPUT: ax1 1e-5
# OUTPUT: neg 1e-5
# OUTPUT: tup 1e-5
# OUTPUT: keep0 1e-5
# OUTPUT: keepall 1e-5
# OUTPUT: none 1e-5
import numpy as np

def main():
    x: f32[n, m] = np.load("x.npy")
    np.save("all.npy", sum(x))
    np.save("ax0.npy", np.sum(x, axis=0))
    np.save("ax1.npy", sum(x, 1))
    np.save("neg.npy", np.sum(x, axis=-1))
    np.save("tup.npy", np.sum(x, axis=(1, 0)))
    np.save("keep0.npy", np.sum(x, axis=0, keepdims=True))
    np.save("keepall.npy", sum(x, keepdims=True))
    np.save("none.npy", np.sum(x, axis=None, keepdims=False))
