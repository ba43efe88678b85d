# RUN: %e2e %s
# Tests integer, negative, slice (steps, negative steps, clamping), newaxis
# and '...' indexing on named and static dims, including sizes 0, 1 and 8193.
# INPUT: x f32 [7, 5, 3]
# INPUT: v f64 [8193]
# INPUT: e f32 [0, 4]
# INPUT: o i32 [1]
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
# OUTPUT: d
# OUTPUT: g
# OUTPUT: h
# OUTPUT: k
# OUTPUT: m
# OUTPUT: p
# OUTPUT: q
# OUTPUT: r
# OUTPUT: s
import numpy as np

def diff(v: f64[n]) -> f64[n]:
    d = v[1:] - v[:-1]
    return v * 1.0

def main():
    x: f32[n, m, k] = np.load("x.npy")
    v: f64[p] = np.load("v.npy")
    e: f32[z, 4] = np.load("e.npy")
    o: i32[1] = np.load("o.npy")
    np.save("a.npy", x[1:-1, ::2, None, 2])
    np.save("b.npy", x[::-1, -1])
    np.save("c.npy", x[..., 0])
    np.save("d.npy", v[::-3])
    np.save("g.npy", v[1:] - v[:-1])
    np.save("h.npy", v[5:2])
    np.save("k.npy", v[-100000:3])
    np.save("m.npy", e[:, 1::2])
    np.save("p.npy", o[0])
    np.save("q.npy", o[::-1, np.newaxis])
    np.save("r.npy", x[-2, 1:100, ::-2])
    np.save("s.npy", v[100:-100:7] * 2.0)
