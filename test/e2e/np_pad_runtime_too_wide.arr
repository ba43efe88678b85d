# RUN: %e2e %s
# Tests that a reflect pad whose run-time width is wider than the axis stops
# the program with a located message (NumPy would reflect repeatedly, which
# arrayc does not do).
# INPUT: x f64 [3]
# INPUT: k i64 [] range=3:9
# EXPECT-EXIT: 1
# EXPECT-ERROR: np_pad_runtime_too_wide.arr:14:22: pad(): mode 'reflect' with a pad width larger than the axis is not supported (axis 0 has 3 elements)
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    k: i64 = np.load("k.npy")
    np.save("y.npy", np.pad(x, k, mode="reflect"))
