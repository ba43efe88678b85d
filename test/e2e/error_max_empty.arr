# RUN: %e2e %s
# Tests that max/min of an empty array is a run-time error (NumPy: "zero-size
# array to reduction operation maximum which has no identity"), not a value.
# INPUT: x f32 [0]
# EXPECT-EXIT: 1
# EXPECT-ERROR: zero-size array to reduction operation maximum which has no identity
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    np.save("out.npy", max(x))
