# RUN: %e2e %s
# Tests a column (n, 1) broadcast over the columns of a matrix.
# INPUT: x f32 [31, 17]
# INPUT: c f32 [31, 1]
# OUTPUT: a
# OUTPUT: b
import numpy as np

def main():
    x: f32[n, m] = np.load("x.npy")
    c: f32[n, 1] = np.load("c.npy")
    np.save("a.npy", x * c)
    np.save("b.npy", c / (abs(x) + 1) - c)
