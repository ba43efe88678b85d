# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests that a .npy of the wrong shape (7 elements for f32[4]) is a clear
# run-time error: exit 1 and no output written.
# INPUT-RAW: x f32 [7]
# EXPECT-ERROR: x.npy
# EXPECT-EXIT: 1
import numpy as np

def main():
    x: f32[4] = np.load("x.npy")
    np.save("out.npy", x * 2)
