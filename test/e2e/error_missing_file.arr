# RUN: %e2e %s
# Tests that a missing .npy is a clear run-time error and nothing is saved.
# INPUT: x f32 [5]
# EXPECT-ERROR: nothere.npy
# EXPECT-EXIT: 1
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[n] = np.load("nothere.npy")
    np.save("out.npy", x + y)
