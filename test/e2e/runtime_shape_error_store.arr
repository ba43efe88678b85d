# RUN: %e2e %s
# Tests that a store into a slice with a run-time size is checked at run
# time against the value's size (NumPy's message, both shapes).
# INPUT: x f64 [10]
# INPUT: y f64 [8]
# EXPECT-EXIT: 1
# EXPECT-ERROR: runtime_shape_error_store.arr:13:6: could not broadcast input array from shape (4,) into shape (3,)
import numpy as np

def shift(x: f64[n], y: f64[m], i: i64) -> f64[n]:
    z = x * 1.0
    z[:i] = y[:i]
    z[:i] = y[1:i + 2]
    return z

def main():
    x: f64[n] = np.load("x.npy")
    y: f64[m] = np.load("y.npy")
    np.save("z.npy", shift(x, y, 3))
