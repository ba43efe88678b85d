# RUN: %e2e %s
# Tests that nanargmax of an all-NaN slice stops the program with NumPy's
# ValueError message and the call's location.
# INPUT: A f64 [6, 4]
# EXPECT-EXIT: 1
# EXPECT-ERROR: np_nanargmax_allnan.arr:12:22: All-NaN slice encountered
import numpy as np

def main():
    A: f64[r, c] = np.load("A.npy")
    A[:, 1] = np.nan
    np.save("i.npy", np.nanargmax(A, axis=0))
