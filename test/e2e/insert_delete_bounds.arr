# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests that np.insert at a run-time index past the end stops the program
# with NumPy's IndexError at the index.
# INPUT: x f64 [6]
# EXPECT-EXIT: 1
# EXPECT-ERROR: insert_delete_bounds.arr:12:25: IndexError: index 8 is out of bounds for axis 0 with size 6
import numpy as np

def put(x, i):
    y = np.delete(x, i - 3)
    return np.insert(x, i, 1.0), y

def main():
    x: f64[n] = np.load("x.npy")
    y, z = put(x, x.shape[0] + 2)
    np.save("y.npy", y)
