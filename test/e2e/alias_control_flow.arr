# RUN: %e2e %s
# Views and writes through them inside if/for/while: the loop carries the
# arrays written through other names, a view made before a loop sees the
# writes of every iteration, and a view made inside one lives in it.
# INPUT: u f64 [33]
# INPUT: g f64 [6, 5]
# OUTPUT: u1
# OUTPUT: g1
# OUTPUT: acc
# OUTPUT: hs
import numpy as np

def main():
    u: f64[n] = np.load("u.npy")
    g: f64[r, c] = np.load("g.npy")
    inner = u[1:-1]
    acc = 0.0
    for t in range(4):
        inner[:] = 0.5 * inner + 0.25 * (u[:-2] + u[2:])
        acc = acc + u.sum()
        if acc > 0.0:
            inner[0] = acc
        else:
            u[-1] = acc
    k = 0
    while k < g.shape[0]:
        row = g[k]
        row[k % g.shape[1]] = -1.0
        row2 = row[1:]
        row2 += 1.0
        k += 1
    if u[0] > 0.0:
        h = g[0]
    else:
        h = g[1]
    np.save("hs.npy", h.sum())
    np.save("u1.npy", u)
    np.save("g1.npy", g)
    np.save("acc.npy", acc)
