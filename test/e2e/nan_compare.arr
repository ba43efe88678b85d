# RUN: %e2e %s
# Tests comparisons with NaN (all false except !=), NaN through arithmetic,
# and maximum/minimum/max/min with NaN on both sides, in f64 and f32.
# INPUT: x f64 [200] nan
# INPUT: y f64 [200] nan
# INPUT: z f32 [7, 50] nan
# OUTPUT: eq
# OUTPUT: ne
# OUTPUT: lt
# OUTPUT: ge
# OUTPUT: arith
# OUTPUT: maximum
# OUTPUT: minimum
# OUTPUT: rowmax
# OUTPUT: colmin
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    y: f64[n] = np.load("y.npy")
    z: f32[r, c] = np.load("z.npy")
    np.save("eq.npy", x == x)
    np.save("ne.npy", x != y)
    np.save("lt.npy", x < y)
    np.save("ge.npy", x >= 0)
    np.save("arith.npy", x * y + 1)
    np.save("maximum.npy", maximum(x, y))
    np.save("minimum.npy", np.minimum(y, x))
    np.save("rowmax.npy", max(z, axis=1, keepdims=True))
    np.save("colmin.npy", min(z, axis=0))
