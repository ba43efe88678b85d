# RUN: %e2e %s
# Tests that two differently named dims that must broadcast are checked at
# run time: sizes 5 and 4 fail with NumPy's message (both shapes) and the
# source location.
# INPUT: x f64 [5]
# INPUT: y f64 [4]
# EXPECT-EXIT: 1
# EXPECT-ERROR: runtime_shape_error_broadcast.arr:15:27: operands could not be broadcast together with shapes (5,) (4,)
import numpy as np

def scaled(x: f64[n], s: f64) -> f64[n]:
    return x * s

def combine(x: f64[n], y: f64[m]) -> f64[n]:
    return scaled(x, 2.0) + y

def main():
    x: f64[n] = np.load("x.npy")
    y: f64[m] = np.load("y.npy")
    np.save("z.npy", combine(x, y))
