# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests that a truncated .npy file is a clear run-time error (exit 1, nothing
# written), not a crash or a wrong answer.
# INPUT-RAW: x f32 [2, 3] truncated
# EXPECT-ERROR: truncated
# EXPECT-EXIT: 1
import numpy as np

def main():
    x: f32[n, m] = np.load("x.npy")
    np.save("out.npy", x * 2)
