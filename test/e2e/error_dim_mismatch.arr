# RUN: %e2e %s
# Tests that two loads disagreeing on a named dim are a clear run-time error,
# raised before anything is saved (the first save comes before the check
# would fail if it were lazy).
# INPUT: x f32 [5]
# INPUT-RAW: y f32 [6]
# EXPECT-ERROR: dimension 'n'
# EXPECT-EXIT: 1
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[n] = np.load("y.npy")
    np.save("out.npy", x + y)
