# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests that maximum/minimum/fmax/fmin pick the zero NumPy picks when +0.0
# and -0.0 tie (the second operand of an equal pair: NumPy 1.24 and 2.5
# agree), in f64 and f32, on arrays and on scalars in a loop. (np.clip is
# left out: NumPy 2's clip loop and 1.24's minimum(maximum(...)) give
# different zeros.)
# INPUT: a f64 [64] negzero
# INPUT: b f64 [64] negzero
# INPUT: c f32 [16, 8] negzero
# INPUT: d f32 [16, 8] negzero
# OUTPUT: mx signbit
# OUTPUT: mn signbit
# OUTPUT: mx32 signbit
# OUTPUT: mn32 signbit
# OUTPUT: fmx signbit
# OUTPUT: fmn signbit
# OUTPUT: loop signbit
import numpy as np

def pairwise(a: f64[n], b: f64[n]) -> f64[n]:
    out = a * 1.0
    for i in range(len(a)):
        out[i] = np.maximum(a[i], b[i]) * 2.0 + np.minimum(b[i], a[i])
    return out

def main():
    a: f64[n] = np.load("a.npy")
    b: f64[n] = np.load("b.npy")
    c: f32[p, q] = np.load("c.npy")
    d: f32[p, q] = np.load("d.npy")
    a = np.where(a > 0.5, 0.0, a)
    b = np.where(b < -0.5, -0.0, b)
    c = np.where(np.abs(c) > 0.2, c * 0.0, c)
    d = np.where(np.abs(d) > 0.2, -d * 0.0, d)
    np.save("mx.npy", np.maximum(a, b))
    np.save("mn.npy", np.minimum(a, b))
    np.save("mx32.npy", np.maximum(c, d))
    np.save("mn32.npy", np.minimum(d, c))
    np.save("fmx.npy", np.fmax(a, b))
    np.save("fmn.npy", np.fmin(c, d))
    np.save("loop.npy", pairwise(a, b))
