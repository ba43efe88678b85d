# RUN: %e2e %s
# Tests an array whose size a loop changes, combined after the loop with
# one it no longer matches: NumPy's broadcast message, the location.
# INPUT: x f64 [12]
# EXPECT-EXIT: 1
# EXPECT-ERROR: runtime_shape_error_loop.arr:14:11: operands could not be broadcast together with shapes (10,) (12,)
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    y = x
    for i in range(2):
        y = 0.5 * (y[1:] + y[:-1])
    z = y + x
    np.save("z.npy", z)
