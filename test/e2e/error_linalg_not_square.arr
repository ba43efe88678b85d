# RUN: %e2e %s
# Tests that a matrix whose dims are only known at run time and turn out
# different is reported by the runtime (the compiler cannot see it).
# INPUT-RAW: a f32 [3, 4]
# OUTPUT: r
# EXPECT-ERROR: linalg.det: Last 2 dimensions of the array must be square, got shape (3, 4)
# EXPECT-EXIT: 1
import numpy as np

def main():
    a: f32[n, m] = np.load("a.npy")
    np.save("r.npy", linalg.det(a))
