# RUN: %e2e %s
# Tests that a .npy of the wrong dtype (f64 for f32) is a clear run-time
# error: exit 1 and no output written.
# INPUT-RAW: x f64 [16]
# EXPECT-ERROR: x.npy
# EXPECT-EXIT: 1
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    np.save("out.npy", x + 1.0)
