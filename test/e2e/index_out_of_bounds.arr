# RUN: %e2e %s
# Tests that an out-of-range index array stops the program with NumPy's
# IndexError text (the first bad index) and the location.
# INPUT: x f64 [10]
# EXPECT-EXIT: 1
# EXPECT-ERROR: index_out_of_bounds.arr:12:11: index 10 is out of bounds for axis 0 with size 10
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    k = np.arange(8) * 2 - 4
    y = x[k]
    np.save("y.npy", y)
