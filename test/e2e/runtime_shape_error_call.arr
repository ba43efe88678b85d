# RUN: %e2e %s
# A call whose arguments disagree in a shared dimension at run time fails
# with both sizes and the argument's location, and writes nothing.
# INPUT: x f64 [10]
# INPUT: y f64 [12]
# OUTPUT: r
# EXPECT-ERROR: runtime_shape_error_call.arr:17:32: argument 'b' of 'dot_prefix' has 5 elements along axis 0, but dimension 'n' is 4 from an earlier argument
import numpy as np

def dot_prefix(a: f64[n], b: f64[n]) -> f64:
    return a @ b

def main():
    x: f64[n] = np.load("x.npy")
    y: f64[m] = np.load("y.npy")
    i = x.shape[0] // 3
    r = dot_prefix(x[:i + 1], y[:i + 2])
    np.save("r.npy", r)
