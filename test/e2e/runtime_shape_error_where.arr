# RUN: %e2e %s
# Tests where() of three arrays whose sizes disagree at run time: NumPy's
# broadcast message with both sizes, the location.
# INPUT: c bool [6]
# INPUT: x f64 [6]
# INPUT: y f64 [5]
# EXPECT-EXIT: 1
# EXPECT-ERROR: runtime_shape_error_where.arr:15:9: operands could not be broadcast together with shapes (6,) (5,)
import numpy as np

def main():
    c: bool[n] = np.load("c.npy")
    x: f64[m] = np.load("x.npy")
    y: f64[k] = np.load("y.npy")
    w = np.where(c, x, y)
    np.save("w.npy", w)
