# RUN: %e2e %s
# Tests that run-time repeats whose length is neither the axis's nor 1 stop
# the program with NumPy's message (both lengths) and the call's location.
# INPUT: x f64 [12]
# INPUT: c i64 [12] range=0:4
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_repeat_length.arr:12:12: operands could not be broadcast together with shape (12,) (11,)
import numpy as np


def widen(x, c):
    return np.repeat(x, c[1:])


def main():
    x: f64[n] = np.load("x.npy")
    c: i64[n] = np.load("c.npy")
    np.save("y.npy", widen(x, c))
