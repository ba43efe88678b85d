# RUN: %e2e %s
# Tests max/min reductions whose answer is the dtype's extreme (checks the
# reductions' initial values): all-INT_MIN max, all-INT_MAX min, i8 too, and
# f32 -inf/+inf through max/min.
# INPUT: a i64 [37] range=-9223372036854775808:-9223372036854775807
# INPUT: b i64 [37] range=9223372036854775807:9223372036854775808
# INPUT: c i32 [5, 8] range=-2147483648:-2147483647
# INPUT: d i8 [9] range=127:128
# INPUT: x f32 [20] range=-1:1
# OUTPUT: amax
# OUTPUT: bmin
# OUTPUT: cmax
# OUTPUT: cmin0
# OUTPUT: dmin
# OUTPUT: ninf
# OUTPUT: pinf
import numpy as np

def main():
    a: i64[n] = np.load("a.npy")
    b: i64[n] = np.load("b.npy")
    c: i32[r, k] = np.load("c.npy")
    d: i8[m] = np.load("d.npy")
    x: f32[q] = np.load("x.npy")
    np.save("amax.npy", max(a))
    np.save("bmin.npy", min(b))
    np.save("cmax.npy", max(c, axis=1))
    np.save("cmin0.npy", np.min(c, axis=0, keepdims=True))
    np.save("dmin.npy", min(d))
    np.save("ninf.npy", max((x * 0.0 - 1.0) / 0.0))
    np.save("pinf.npy", min((x * 0.0 + 1.0) / 0.0))
