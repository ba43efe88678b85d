# RUN: %e2e %s
# Tests that print formats like NumPy's print (str): f32/f64/f16 scalars and
# arrays (shortest round-trip digits), ints, bools, inf/nan/-0.0, large and
# small magnitudes, 2-d arrays. Inputs hold single repeated values, so the
# text is exact.
# INPUT: a f32 [3] range=0.1:0.1
# INPUT: b f64 [2, 2] range=0.1:0.1
# INPUT: h f16 [4] range=0.3:0.3
# INPUT: k i64 [5] range=-7:-6
# INPUT: p bool [3] range=1:2
# STDOUT-NUMPY:
import numpy as np

def main():
    a: f32[n] = np.load("a.npy")
    b: f64[r, c] = np.load("b.npy")
    h: f16[m] = np.load("h.npy")
    k: i64[q] = np.load("k.npy")
    p: bool[t] = np.load("p.npy")
    print(max(a))
    print(a)
    print(max(b))
    print(b * 3)
    print(h, max(h))
    print(k, sum(k))
    print(p, a > 0)
    print(a * 1e20, a * 1e-7)
    print(b / 0.0, -(a * 0.0))
    print(a * 1e10, b * 100000)
    print(a * 3, sum(a))
