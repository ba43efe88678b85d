# RUN: %e2e %s
# Tests that solve with b's rows not matching a (dynamic dims) is a run-time
# error naming both shapes.
# INPUT-RAW: a f64 [3, 3]
# INPUT-RAW: b f64 [4]
# OUTPUT: r
# EXPECT-ERROR: linalg.solve: a of shape (3, 3) and b of shape (4,) do not match
# EXPECT-EXIT: 1
import numpy as np

def main():
    a: f64[n, n] = np.load("a.npy")
    b: f64[m] = np.load("b.npy")
    np.save("r.npy", linalg.solve(a, b))
