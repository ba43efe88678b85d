# RUN: %e2e %s
# Tests right-aligned rank extension: 1-d and 2-d operands against a 3-d one.
# INPUT: x f32 [4, 5, 6]
# INPUT: y f32 [5, 6]
# INPUT: z f32 [6]
# INPUT: w f32 [5, 1]
# OUTPUT: a
# OUTPUT: b
import numpy as np

def f(x: f32[a, b, c], y: f32[b, c], z: f32[c], w: f32[b, 1]) -> (f32[a, b, c], f32[b, c]):
    return x + y * z - w, y - z + w

def main():
    x: f32[a, b, c] = np.load("x.npy")
    y: f32[b, c] = np.load("y.npy")
    z: f32[c] = np.load("z.npy")
    w: f32[b, 1] = np.load("w.npy")
    p, q = f(x, y, z, w)
    np.save("a.npy", p)
    np.save("b.npy", q)
