# RUN: %e2e %s
# XFAIL: *
# Tests that max/min of an empty array is a run-time error (NumPy: "zero-size
# array to reduction operation maximum which has no identity"), not a value.
# KNOWN BUG (cpu target): arrayc returns -inf (max) silently and saves it.
# Remove XFAIL once fixed (and add the message to an EXPECT-ERROR line).
# INPUT: x f32 [0]
# EXPECT-EXIT: 1
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    np.save("out.npy", max(x))
