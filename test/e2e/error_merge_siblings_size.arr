# RUN: %e2e %s
# Tests that of two elementwise results read from x, the second of which
# also reads z of another run-time length, the second raises NumPy's
# broadcast error with its location: merged into one loop nest with the
# first (arrayc-merge-siblings), it would read z past its end before the
# check; the check keeps them apart.
# INPUT: x f64 [12]
# INPUT: z f64 [11]
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_merge_siblings_size.arr:16:24: operands could not be broadcast together with shapes (12,) (11,)
import numpy as np


def both(x, z):
    a = np.exp(x) * 2
    b = np.sqrt(x * x) + z
    return a, b


def main():
    x: f64[n] = np.load("x.npy")
    z: f64[m] = np.load("z.npy")
    a, b = both(x, z)
    np.save("a.npy", a)
    np.save("b.npy", b)
