# RUN: %e2e %s
# Tests that max/min (reductions) and maximum/minimum (elementwise) propagate
# NaN as NumPy does, and that sum propagates it.
# INPUT: x f32 [100] nan
# INPUT: y f32 [30, 40] nan
# INPUT: z f32 [100]
# OUTPUT: max
# OUTPUT: min
# OUTPUT: rowmax
# OUTPUT: colmin
# OUTPUT: maximum
# OUTPUT: minimum
# OUTPUT: sum 1e-5
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[r, c] = np.load("y.npy")
    z: f32[n] = np.load("z.npy")
    np.save("max.npy", max(x))
    np.save("min.npy", np.min(x))
    np.save("rowmax.npy", np.max(y, axis=1))
    np.save("colmin.npy", min(y, axis=0))
    np.save("maximum.npy", maximum(x, z))
    np.save("minimum.npy", np.minimum(z, x))
    np.save("sum.npy", sum(y, axis=1))
