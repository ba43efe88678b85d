# RUN: %e2e %s
# Tests that a store into a slice whose run-time step is not positive stops
# the program with a located message.
# INPUT: x f64 [10]
# INPUT: k i64 [] range=-5:0
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_slice_step_negative.arr:13:10: a slice step known only at run time must be positive
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    k: i64 = np.load("k.npy")
    x[1::k] = 0.0
    np.save("x2.npy", x)
