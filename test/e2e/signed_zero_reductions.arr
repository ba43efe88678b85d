# RUN: %e2e %s
# Tests that max/min reductions keep the zero NumPy keeps when +0.0 and -0.0
# tie: the last of the tied elements (NumPy reduces with acc = maximum(acc, x)),
# along either axis and whole, f32 and f64.
# XFAIL: target=cuda
# (The cuda target's parallel reductions combine with arith.maximumf/minimumf,
# which give +0.0 for max and -0.0 for min. NumPy keeps the last tied zero only
# up to 8,192 contiguous elements; beyond, a SIMD lane's: docs/language.md.)
# INPUT: a f64 [64] negzero
# INPUT: b f64 [64] negzero
# INPUT: c f32 [16, 8] negzero
# INPUT: d f32 [16, 8] negzero
# OUTPUT: rmax signbit
# OUTPUT: rmin signbit
# OUTPUT: amax signbit
# OUTPUT: amin signbit
import numpy as np

def main():
    a: f64[n] = np.load("a.npy")
    b: f64[n] = np.load("b.npy")
    c: f32[p, q] = np.load("c.npy")
    d: f32[p, q] = np.load("d.npy")
    c = np.where(np.abs(c) > 0.2, c * 0.0, c)
    d = np.where(np.abs(d) > 0.2, -d * 0.0, d)
    np.save("rmax.npy", np.max(c, axis=0))
    np.save("rmin.npy", np.min(d, axis=1))
    np.save("amax.npy", np.max(np.minimum(a, 0.0)))
    np.save("amin.npy", np.min(np.maximum(b, 0.0)))
