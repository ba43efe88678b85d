# RUN: %e2e %s
# Tests that an annotated assignment whose size disagrees at run time with
# the size its annotation names fails then: both sizes, the location.
# INPUT: x f64 [10]
# EXPECT-EXIT: 1
# EXPECT-ERROR: runtime_shape_error_annotated.arr:12:23: the value assigned to 'y' has size 7 in dimension 0 where its annotation declares f64[n] with 'n' (10)
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    k = x.shape[0] - 3
    y: f64[n] = x[:k] * 2.0
    np.save("y.npy", y)
