# RUN: %e2e %s
# Tests that a list of host scalars used as an index array is bounds-checked
# element by element on the host: the first index out of range stops the
# program with NumPy's IndexError text at the subscript.
# INPUT: a f64 [5, 3]
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_index_host_list.arr:14:7: index 5 is out of bounds for axis 0 with size 5
# OUTPUT: a
import numpy as np

def main():
    a: f64[n, m] = np.load("a.npy")
    k = a.shape[0]
    a[[0, k, k + 1]] = a[[1, 2, 3]]
    np.save("a.npy", a)
