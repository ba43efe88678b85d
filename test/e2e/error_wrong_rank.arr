# RUN: %e2e %s
# Tests that a .npy of the wrong rank is a clear run-time error.
# INPUT-RAW: x f32 [4, 4]
# EXPECT-ERROR: rank
# EXPECT-EXIT: 1
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    np.save("out.npy", x * x)
