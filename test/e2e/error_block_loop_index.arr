# RUN: %e2e %s
# An index past the end inside a loop of scalar steps and a dot product (on
# the cuda target one block runs the loop): the bounds check reports
# NumPy's IndexError with its location, after the writes before it.
# INPUT: L f64 [8, 8]
# INPUT: b f64 [8]
# EXPECT-ERROR: error_block_loop_index.arr:15:58: index 8 is out of bounds for axis 0 with size 8
import numpy as np


def shifted_solve(L, b):
    n = b.shape[0]
    x = np.zeros_like(b)
    for i in range(n):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i] + b[i + 1]
    return x


def main():
    L: f64[n, n] = np.load("L.npy")
    b: f64[n] = np.load("b.npy")
    print(shifted_solve(np.tril(L) + 4.0 * np.eye(n), b))
