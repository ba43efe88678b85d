# RUN: %e2e %s
# Tests that a corrupt .npy file is a clear run-time error (exit 1, nothing
# written), not a crash or a wrong answer.
# INPUT-RAW: x f32 [2, 3] corrupt
# EXPECT-ERROR: not a .npy
# EXPECT-EXIT: 1
import numpy as np

def main():
    x: f32[n, m] = np.load("x.npy")
    np.save("out.npy", x * 2)
