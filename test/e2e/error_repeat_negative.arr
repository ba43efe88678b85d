# RUN: %e2e %s
# Tests that a negative count among run-time repeats stops the program with
# NumPy's message and the location of the np.repeat call.
# INPUT: x f64 [12]
# INPUT: d i64 [12] range=-3:3
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_repeat_negative.arr:14:12: repeats may not contain negative values.
import numpy as np


def steps(x, d):
    # The smallest running sum gives a length of -1.
    lengths = np.cumsum(d) - np.min(np.cumsum(d)) - 1
    return np.repeat(x, lengths)


def main():
    x: f64[n] = np.load("x.npy")
    d: i64[n] = np.load("d.npy")
    np.save("y.npy", steps(x, d))
