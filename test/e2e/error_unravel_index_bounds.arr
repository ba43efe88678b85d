# RUN: %e2e %s
# Tests that np.unravel_index of an index outside the shape stops the
# program with NumPy's message and the call's location.
# INPUT: i i64 [5] range=12:20
# EXPECT-EXIT: 1
# EXPECT-ERROR: is out of bounds for array with size 12
import numpy as np

def main():
    i: i64[n] = np.load("i.npy")
    r, c = np.unravel_index(i, (3, 4))
    np.save("r.npy", r)
