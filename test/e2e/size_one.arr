# RUN: %e2e %s
# Tests size-1 arrays: [1] and [1, 1] through elementwise ops, reductions
# and broadcasting against each other.
# INPUT: x f32 [1]
# INPUT: y f32 [1, 1]
# INPUT: k i64 [1]
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
# OUTPUT: d
# OUTPUT: e
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[1, 1] = np.load("y.npy")
    k: i64[1] = np.load("k.npy")
    np.save("a.npy", x * 2 - exp(x))
    np.save("b.npy", x + y)
    np.save("c.npy", sum(y, axis=0))
    np.save("d.npy", max(x))
    np.save("e.npy", k * k + prod(k))
