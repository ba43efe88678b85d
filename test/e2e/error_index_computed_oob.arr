# RUN: %e2e %s
# Tests that a computed index out of range stops the program with NumPy's
# IndexError text and the source location.
# INPUT: x f32 [10]
# EXPECT-ERROR: error_index_computed_oob.arr:12:13: index 12 is out of bounds for axis 0 with size 10
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    i = len(x) + 2
    print(x[i - 12])
    print(x[i])
