# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests results whose dims no parameter has: sizes the body computes (from a
# scalar argument, a data-dependent count, a branch), shared by two results,
# returned from inside a loop; each call's sizes are its own.
# INPUT: x f64 [50]
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
# OUTPUT: d
# OUTPUT: e
import numpy as np

def head_tail(x: f64[n], k: i64) -> (f64[k2], f64[k2]):
    return x[:k] * 2.0, x[x.shape[0] - k:] + 1.0

def first_run(x: f64[n]) -> f64[r]:
    for i in range(1, x.shape[0]):
        if x[i] < x[i - 1]:
            return x[:i]
    return x

def grid(n: i64) -> f64[g, g]:
    if n > 3:
        return np.ones((n, n)) * 2.0
    return np.zeros((n, n))

def main():
    x: f64[n] = np.load("x.npy")
    a, b = head_tail(x, 7)
    c = first_run(x)
    d = grid(5) @ grid(5)
    e = np.sum(grid(2)) + np.sum(head_tail(x, 3)[1])
    np.save("a.npy", a)
    np.save("b.npy", b)
    np.save("c.npy", c)
    np.save("d.npy", d)
    np.save("e.npy", e)
