# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests linalg.det, inv and solve (LAPACKE getrf/getri/gesv) against NumPy:
# f32, f64, c64 and promoted i32 inputs, stacks of matrices, 1x1 and 0x0
# matrices, a 65x65 system, solve's vector and matrix right-hand sides with
# broadcast batch dimensions.
# INPUT: a f64 [5, 5]
# INPUT: af f32 [4, 4]
# INPUT: b f64 [3, 4, 4]
# INPUT: c c64 [3, 3]
# INPUT: one f32 [1, 1]
# INPUT: e f64 [0, 0]
# INPUT: big f32 [65, 65]
# INPUT: bigv f32 [65]
# INPUT: k i32 [3, 3]
# INPUT: v f64 [5]
# INPUT: m f64 [3, 4, 2]
# INPUT: bm f64 [2, 5, 3]
# INPUT: cv c64 [3]
# OUTPUT: d1 1e-10
# OUTPUT: d2 1e-10
# OUTPUT: d3 1e-5
# OUTPUT: d4
# OUTPUT: d5
# OUTPUT: d6 1e-5
# OUTPUT: dk 1e-10
# OUTPUT: i1 1e-10
# OUTPUT: i2 1e-10
# OUTPUT: i3 1e-5
# OUTPUT: i4 1e-4
# OUTPUT: i5
# OUTPUT: i6
# OUTPUT: s1 1e-10
# OUTPUT: s2 1e-10
# OUTPUT: s3 1e-10
# OUTPUT: s4 1e-5
# OUTPUT: s5 1e-4
# OUTPUT: s6 1e-4
import numpy as np

def main():
    a: f64[5, 5] = np.load("a.npy")
    af: f32[4, 4] = np.load("af.npy")
    b: f64[3, 4, 4] = np.load("b.npy")
    c: c64[3, 3] = np.load("c.npy")
    one: f32[1, 1] = np.load("one.npy")
    e: f64[0, 0] = np.load("e.npy")
    big: f32[65, 65] = np.load("big.npy")
    bigv: f32[65] = np.load("bigv.npy")
    k: i32[3, 3] = np.load("k.npy")
    v: f64[5] = np.load("v.npy")
    m: f64[3, 4, 2] = np.load("m.npy")
    bm: f64[2, 5, 3] = np.load("bm.npy")
    cv: c64[3] = np.load("cv.npy")
    np.save("d1.npy", linalg.det(a))
    np.save("d2.npy", np.linalg.det(b))
    np.save("d3.npy", linalg.det(c))
    np.save("d4.npy", linalg.det(one))
    np.save("d5.npy", linalg.det(e))
    # f32 det's relative error is about cond * 6e-8: a random 4x4 exceeds the
    # 1e-5 tolerance now and then (cond > ~170), so the f32 case gets a
    # diagonally dominant matrix (cond < 10); the tolerance stays.
    np.save("d6.npy", linalg.det(af + 8.0 * np.eye(4, dtype=np.float32)))
    np.save("dk.npy", linalg.det(k))
    np.save("i1.npy", linalg.inv(a))
    np.save("i2.npy", np.linalg.inv(b))
    np.save("i3.npy", linalg.inv(c))
    # Shifted to be well conditioned in f32.
    well = big + 16.0 * np.eye(65, dtype=np.float32)
    np.save("i4.npy", linalg.inv(well))
    np.save("i5.npy", linalg.inv(one))
    np.save("i6.npy", linalg.inv(e))
    np.save("s1.npy", linalg.solve(a, v))
    np.save("s2.npy", linalg.solve(b, m))
    np.save("s3.npy", linalg.solve(a, bm))
    np.save("s4.npy", linalg.solve(c, cv))
    np.save("s5.npy", np.linalg.solve(well, bigv))
    np.save("s6.npy", linalg.solve(af, b[0]))
