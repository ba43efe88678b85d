# RUN: %e2e %s
# Tests that the axes of a concatenation that must match and agree only at
# run time are checked then, with NumPy's message.
# INPUT: a f64 [2, 3]
# INPUT: b f64 [2, 4]
# EXPECT-EXIT: 1
# EXPECT-ERROR: runtime_shape_error_concat.arr:13:9: all the input array dimensions except for the concatenation axis must match exactly, but along dimension 1, the array at index 0 has size 3 and the array at index 1 has size 4
import numpy as np

def main():
    a: f64[r, k] = np.load("a.npy")
    b: f64[p, q] = np.load("b.npy")
    c = np.concatenate((a, b))
    np.save("c.npy", c)
