# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests a row vector broadcast over the rows of a matrix, both operand orders.
# INPUT: x f32 [50, 13]
# INPUT: r f32 [13]
# OUTPUT: a
# OUTPUT: b
import numpy as np

def rows(x: f32[n, m], r: f32[m]) -> (f32[n, m], f32[n, m]):
    return x - r, r * x + r

def main():
    x: f32[n, m] = np.load("x.npy")
    r: f32[m] = np.load("r.npy")
    a, b = rows(x, r)
    np.save("a.npy", a)
    np.save("b.npy", b)
