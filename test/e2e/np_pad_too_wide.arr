# RUN: %e2e %s
# Tests that a reflect pad wider than an axis known only at run time stops
# the program with a located message (NumPy would reflect repeatedly, which
# arrayc does not do).
# INPUT: x f64 [3]
# EXPECT-EXIT: 1
# EXPECT-ERROR: np_pad_too_wide.arr:12:22: pad(): mode 'reflect' with a pad width larger than the axis is not supported (axis 0 has 3 elements)
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    np.save("y.npy", np.pad(x, 4, mode="reflect"))
