# RUN: %e2e %s
# Tests broadcasting of 0-d arrays (a loaded scalar, a reduction result, a
# scalar parameter) and Python literals against 1-d and 2-d arrays.
# INPUT: x f32 [40, 7]
# INPUT: s f32 []
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
import numpy as np

def shift(x: f32[n, m], s: f32) -> f32[n, m]:
    return (x - s) * 2 + 1

def main():
    x: f32[n, m] = np.load("x.npy")
    s: f32 = np.load("s.npy")
    np.save("a.npy", shift(x, s))
    np.save("b.npy", x / max(x) - min(x))
    np.save("c.npy", s * 3.0 + s)
