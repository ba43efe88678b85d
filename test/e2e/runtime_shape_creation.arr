# RUN: %e2e %s
# Tests creation functions whose sizes are known only at run time: scalar
# arguments, arithmetic on `.shape` entries, loop variables; the same size
# variable used twice gives one dim, so `zeros((N, N)) @ ones((N, N))` and
# `eye(N) @ a` type-check.
# INPUT: x f64 [7, 3]
# INPUT: v f64 [6]
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
# OUTPUT: d
# OUTPUT: e
# OUTPUT: f
# OUTPUT: g
# OUTPUT: h
# OUTPUT: k
import numpy as np

def square(N: i64, s: f64) -> f64[m, m]:
    z = np.zeros((N, N)) + s
    return z @ np.ones((N, N)) + np.eye(N)

def ramp(lo: i64, hi: i64) -> i64[p]:
    return np.arange(lo, hi) * 2 + np.arange(hi - lo)

def windows(v: f64[n]) -> f64[n]:
    s = np.zeros(len(v))
    for i in range(len(v)):
        w = np.arange(i, len(v))
        s[i] = np.sum(w * v[i]) + np.sum(np.ones(i + 1))
    return s

def main():
    x: f64[r, c] = np.load("x.npy")
    v: f64[n] = np.load("v.npy")
    a = square(x.shape[1] + 1, v[0])
    b = ramp(2, x.shape[0] + 3)
    c = np.full((x.shape[0] - 2, 2), 2.5) + np.zeros((x.shape[0] - 2, 1))
    d = np.linspace(v[0], v[1], x.shape[0] * 2)
    e = np.empty(x.shape[1] + 2)
    e[:] = v[2]
    f = windows(v)
    g = np.eye(x.shape[0] + 1, x.shape[1], 1)
    h = np.arange(x.shape[0]) * 1.5 + np.linspace(0.0, 1.0, x.shape[0], endpoint=False)
    k = np.linspace(0.0, 2.0, x.shape[1] - 2)
    np.save("a.npy", a)
    np.save("b.npy", b)
    np.save("c.npy", c)
    np.save("d.npy", d)
    np.save("e.npy", e)
    np.save("f.npy", f)
    np.save("g.npy", g)
    np.save("h.npy", h)
    np.save("k.npy", k)
