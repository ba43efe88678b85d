# RUN: %e2e %s
# Tests mean/var/std (axis int/tuple/None, keepdims, ddof; ints give f64),
# argmax/argmin (first index on ties, NaN wins, axis=None flattens),
# any/all (empty axes give False/True), cumsum/cumprod.
# INPUT: x f32 [37, 5] nan
# INPUT: y f64 [8193]
# INPUT: k i32 [6, 4] range=-3:3
# INPUT: t i8 [10] range=-2:3
# INPUT: z f32 [0, 3]
# INPUT: b bool [4, 3]
# OUTPUT: m1
# OUTPUT: m2
# OUTPUT: m3
# OUTPUT: m4
# OUTPUT: v1
# OUTPUT: v2
# OUTPUT: s1
# OUTPUT: s2
# OUTPUT: am1
# OUTPUT: am2
# OUTPUT: am3
# OUTPUT: am4
# OUTPUT: am5
# OUTPUT: an1
# OUTPUT: an2
# OUTPUT: al1
# OUTPUT: al2
# OUTPUT: cs1
# OUTPUT: cs2
# OUTPUT: cs3
# OUTPUT: cp1
# OUTPUT: cp2
# OUTPUT: hmean
# OUTPUT: csflat
# OUTPUT: cpflat
# OUTPUT: hstd
# INPUT: h f16 [3000]
import numpy as np

def main():
    x: f32[n, 5] = np.load("x.npy")
    y: f64[m] = np.load("y.npy")
    k: i32[r, 4] = np.load("k.npy")
    t: i8[q] = np.load("t.npy")
    z: f32[0, 3] = np.load("z.npy")
    b: bool[4, 3] = np.load("b.npy")
    np.save("m1.npy", mean(y))
    np.save("m2.npy", np.mean(x, axis=0))
    np.save("m3.npy", mean(k, axis=1, keepdims=True))
    np.save("m4.npy", np.mean(k, axis=(0, 1)))
    np.save("v1.npy", var(y) + np.var(k, axis=0))
    np.save("v2.npy", np.var(x, axis=1, ddof=1, keepdims=True))
    np.save("s1.npy", std(y, ddof=1))
    np.save("s2.npy", np.std(k, axis=-1))
    np.save("am1.npy", argmax(x, axis=1))
    np.save("am2.npy", np.argmin(x, axis=0))
    np.save("am3.npy", argmax(k) + np.argmin(k) * 1000)
    np.save("am4.npy", argmax(k, axis=0, keepdims=True))
    np.save("am5.npy", argmin(y) + argmax(t))
    np.save("an1.npy", any(x > 1, axis=0))
    np.save("an2.npy", np.any(z > 0, axis=0))
    np.save("al1.npy", all(b, axis=1, keepdims=True))
    np.save("al2.npy", np.all(z > 0, axis=0))
    np.save("cs1.npy", cumsum(y))
    np.save("cs2.npy", np.cumsum(k, axis=0))
    np.save("cs3.npy", cumsum(t))
    np.save("cp1.npy", cumprod(t, axis=0))
    np.save("cp2.npy", np.cumprod(x * 0.5, axis=1))
    h: f16[p] = np.load("h.npy")
    np.save("hmean.npy", mean(h))
    np.save("csflat.npy", cumsum(k))
    np.save("cpflat.npy", np.cumprod(b))
    np.save("hstd.npy", np.std(h, keepdims=True))
