# RUN: %e2e %s
# Tests that an assignment through a list of integers checks each index with
# NumPy's IndexError text and the statement's location, inside a helper
# that swaps rows of its argument (all indices are checked before the
# first row is written, as NumPy does).
# INPUT: x f64 [6, 4]
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_list_row_assign_bounds.arr:14:7: index 9 is out of bounds for axis 0 with size 6
import numpy as np


def swap(x, i, j):
    x[[i, j]] = x[[j, i]]
    x[[i, j + 6]] = 0.0


def main():
    x: f64[n, k] = np.load("x.npy")
    swap(x, 1, 3)
    np.save("x.npy", x)
