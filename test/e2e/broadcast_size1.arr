# RUN: %e2e %s
# Tests size-1 dims stretching on both sides: (n, 1) x (1, m) -> (n, m), and
# (1, 1) and (1,) against larger shapes.
# INPUT: c f32 [23, 1]
# INPUT: r f32 [1, 19]
# INPUT: o f32 [1, 1]
# INPUT: v f32 [1]
# OUTPUT: outer
# OUTPUT: sum
# OUTPUT: one
import numpy as np

def outer(c: f32[n, 1], r: f32[1, m]) -> f32[n, m]:
    return c * r

def main():
    c: f32[n, 1] = np.load("c.npy")
    r: f32[1, m] = np.load("r.npy")
    o: f32[1, 1] = np.load("o.npy")
    v: f32[1] = np.load("v.npy")
    np.save("outer.npy", outer(c, r))
    np.save("sum.npy", c + r + o)
    np.save("one.npy", r - v)
