# RUN: %e2e %s
# Tests that a failing assert stops the program with its message and location.
# INPUT: x f32 [20] positive
# EXPECT-EXIT: 1
# EXPECT-ERROR: assert_fail.arr:11:5: AssertionError: x must be negative
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    y = x * 2.0
    assert max(y) < 0, "x must be negative"
    np.save("y.npy", y)
