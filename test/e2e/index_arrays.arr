# RUN: %e2e %s
# Integer-array indexing: gathers (a copy), columns, broadcast index pairs,
# np.take with an axis, negative indices, and scatter into an argument.
# INPUT: x f64 [30]
# INPUT: A f64 [6, 8]
# INPUT: k i64 [12] range=-30:30
# OUTPUT: g
# OUTPUT: cols
# OUTPUT: pairs
# OUTPUT: outer
# OUTPUT: t
# OUTPUT: x1
# OUTPUT: g1
import numpy as np

def zero_at(v: f64[n], where: i64[m]):
    v[where] = 0.0

def main():
    x: f64[n] = np.load("x.npy")
    A: f64[r, c] = np.load("A.npy")
    k: i64[m] = np.load("k.npy")
    g = x[k]
    cols = A[:, k % 8]
    i = np.arange(5)
    j = np.arange(5) + 2
    pairs = A[i, j]
    outer = A[i[:, np.newaxis], j]
    t = np.take(A, np.arange(3) * 2, axis=1)
    g[0] = 100.0                       # g is a copy: x is unchanged
    zero_at(x, k[:4])
    x[np.arange(3)] = x[27:30]
    g1 = g
    np.save("g.npy", g)
    np.save("cols.npy", cols)
    np.save("pairs.npy", pairs)
    np.save("outer.npy", outer)
    np.save("t.npy", t)
    np.save("x1.npy", x)
    np.save("g1.npy", g1)
