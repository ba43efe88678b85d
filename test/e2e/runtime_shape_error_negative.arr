# RUN: %e2e %s
# Tests that a size computed at run time that is negative fails as NumPy
# does, with the location of the size.
# INPUT: x f64 [3]
# EXPECT-EXIT: 1
# EXPECT-ERROR: runtime_shape_error_negative.arr:11:33: negative dimensions are not allowed
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    z = np.zeros((2, x.shape[0] - 5))
    np.save("z.npy", z)
