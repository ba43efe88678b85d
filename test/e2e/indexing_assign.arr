# RUN: %e2e %s
# Tests assignment to indexed targets: broadcasting of the right side, casting
# to the target's dtype, negative steps, newaxis/'...', and value semantics
# (with .copy(), so NumPy, whose names alias, agrees).
# INPUT: v f32 [9, 8193]
# INPUT: w i32 [5, 1]
# INPUT: r f64 [8193]
# OUTPUT: a
# OUTPUT: old
# OUTPUT: b
# OUTPUT: c
import numpy as np

def stencil(v: f32[n, m], r: f64[m]) -> (f32[n, m], f32[n, m]):
    old = v.copy()
    v[1:-1, 1:-1] = 0.25 * (old[:-2, 1:-1] + old[2:, 1:-1] + old[1:-1, :-2] + old[1:-1, 2:])
    v[0] = r
    v[..., -1] = 7
    v[::-2, 3] = v[::-2, 4]
    return v, old

def main():
    v: f32[n, m] = np.load("v.npy")
    w: i32[5, 1] = np.load("w.npy")
    r: f64[m] = np.load("r.npy")
    a, old = stencil(v, r)
    np.save("a.npy", a)
    np.save("old.npy", old)
    w[1:3] = 2.7
    w[-1, 0] = -5
    np.save("b.npy", w)
    c = w.copy()
    c[0, :, None] = 100
    np.save("c.npy", c - w)
