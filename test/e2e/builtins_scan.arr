# RUN: %e2e %s
# Tests cumsum/cumprod as a real O(n) scan: along every axis of a 3-d array,
# a long 1-d run (8193), an empty scanned axis and an empty other axis, ints
# (wrapping i32 accumulation as NumPy's i64 result), bools and f64.
# INPUT: x f32 [6, 7, 5]
# INPUT: v f64 [8193]
# INPUT: k i32 [33, 4]
# INPUT: m bool [40]
# INPUT: e f32 [0, 3]
# INPUT: p f32 [9] positive
# OUTPUT: a0
# OUTPUT: a1
# OUTPUT: a2
# OUTPUT: long 1e-9
# OUTPUT: ik
# OUTPUT: bm
# OUTPUT: e0
# OUTPUT: e1
# OUTPUT: cp
import numpy as np

def main():
    x: f32[6, 7, 5] = np.load("x.npy")
    v: f64[n] = np.load("v.npy")
    k: i32[r, 4] = np.load("k.npy")
    m: bool[q] = np.load("m.npy")
    e: f32[z, 3] = np.load("e.npy")
    p: f32[9] = np.load("p.npy")
    np.save("a0.npy", np.cumsum(x, axis=0))
    np.save("a1.npy", np.cumsum(x, axis=1))
    np.save("a2.npy", np.cumsum(x, axis=-1))
    np.save("long.npy", np.cumsum(v))
    np.save("ik.npy", np.cumsum(k, axis=0))
    np.save("bm.npy", np.cumsum(m))
    np.save("e0.npy", np.cumsum(e, axis=0))
    np.save("e1.npy", np.cumsum(e, axis=1))
    np.save("cp.npy", np.cumprod(p))
