# RUN: %e2e %s
# Tests that an augmented assignment to one element stores like NumPy's
# scalar setitem (an unsafe cast: i32 x[0] += 1.5 truncates), and that a 0-d
# unsigned index zero-extends (u8 200 is index 200, not -56).
# INPUT: k i32 [5]
# STDOUT-NUMPY:
# OUTPUT: x
import numpy as np

def main():
    k: i32[5] = np.load("k.npy")
    x = k.copy()
    x[0] += 1.5
    x[1] *= 2.75
    x[-1] -= 0.5
    u = np.full((), 200, dtype=np.uint8)
    v = np.arange(300)
    print(v[u], v[u:], v[: u - 195])
    np.save("x.npy", x)
