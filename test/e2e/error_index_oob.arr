# RUN: %e2e %s
# Tests that an integer index out of range of a named dim is a clear run-time
# error, raised before anything is saved.
# INPUT: x f32 [3, 2]
# EXPECT-ERROR: index -4 is out of bounds for axis 0
# EXPECT-EXIT: 1
# OUTPUT: a
import numpy as np

def main():
    x: f32[n, m] = np.load("x.npy")
    np.save("a.npy", x[-4, 1:])
