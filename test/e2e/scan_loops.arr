# RUN: %e2e %s
# Tests scans long enough to matter on the GPU, where the step loop runs inside
# one kernel (a thread per line, arrayc-gpu-map-linalg): a 1-d cumsum of 100000
# elements (one line), cumsum over each axis of a 2-d array, an integer cumprod
# over the last axis of a 3-d array, and a scan feeding an elementwise op.
# INPUT: v f64 [100000]
# INPUT: a f64 [700, 300]
# INPUT: k i64 [5, 40, 7]
# OUTPUT: cv 1e-12
# OUTPUT: c0 1e-12
# OUTPUT: c1 1e-12
# OUTPUT: kp
# OUTPUT: e 1e-12
import numpy as np

def main():
    v: f64[n] = np.load("v.npy")
    a: f64[r, c] = np.load("a.npy")
    k: i64[p, q, s] = np.load("k.npy")
    np.save("cv.npy", np.cumsum(v))
    np.save("c0.npy", np.cumsum(a, axis=0))
    np.save("c1.npy", np.cumsum(a, axis=1))
    np.save("kp.npy", np.cumprod(k % 3 + 1, axis=2))
    np.save("e.npy", np.exp(-np.abs(np.cumsum(a, axis=1))) * 2.0)
