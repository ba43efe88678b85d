# RUN: %e2e %s
# Tests that a scatter through an index array checks every index first: the
# first one out of range (here a negative one) stops the program with
# NumPy's IndexError text, inside the helper that writes its argument.
# INPUT: x f64 [6]
# EXPECT-EXIT: 1
# EXPECT-ERROR: index_scatter_out_of_bounds.arr:11:7: index -7 is out of bounds for axis 0 with size 6
import numpy as np

def reset(v: f64[n], at: i64[m]):
    v[at] = 0.0

def main():
    x: f64[n] = np.load("x.npy")
    reset(x, np.arange(4) - 7 + 2 * np.arange(4))
    np.save("x.npy", x)
