# RUN: %e2e %s
# Tests that np.convolve of an operand that is empty at run time stops the
# program with NumPy's message and the call's location.
# INPUT: x f64 [20]
# INPUT: e f64 [0]
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_convolve_empty.arr:13:22: v cannot be empty
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    e: f64[m] = np.load("e.npy")
    np.save("y.npy", np.convolve(e, x))
