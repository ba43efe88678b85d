# RUN: %e2e %s
# Tests that an index out of range inside a loop of scalar steps (one kernel
# of one thread on the cuda target) stops the program with NumPy's
# IndexError text at the subscript, before any write past the array's end:
# the value `2 * A[i]` is computed, then B[i + 1] is checked, then written.
# INPUT: A f64 [10]
# INPUT: B f64 [10]
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_index_scalar_loop.arr:19:13: index 10 is out of bounds for axis 0 with size 10
# OUTPUT: B
import numpy as np

def main():
    A: f64[n] = np.load("A.npy")
    B: f64[n] = np.load("B.npy")
    for i in range(n):
        B[i] = 0.5 * A[i]
    for i in range(n):
        B[i + 1] = 2 * A[i]
    np.save("B.npy", B)
