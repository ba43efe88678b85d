# RUN: %e2e %s
# The f64 twin of gemm_epilogue_f32.arr: matrix products followed by the
# elementwise epilogues that the cuda target computes inside one cuBLASLt call
# (arrayc-linalg-to-blas,
# lib/Transforms/GemmEpilogue.cpp): an MLP layer as NumPy users write it
# (bias + ReLU, then bias), ReLU alone, a scale alone, scale + bias + ReLU,
# the bias added first, a bias that is a row of a matrix (`p[1]`), odd sizes (leading dimensions that are no multiple of
# 4 elements), and forms that keep a GEMM call and a kernel: a bias along the
# rows and a max with a nonzero bound. On the cpu target these are OpenBLAS
# GEMM calls and loops. Each case has weights of its own, so no two share a
# product.
# Tolerance 1e-12: f64 sums of up to 129 products.
# INPUT: x f64 [64, 128]
# INPUT: w1 f64 [128, 96]
# INPUT: b1 f64 [96]
# INPUT: w2 f64 [96, 32]
# INPUT: b2 f64 [32]
# INPUT: w3 f64 [128, 40]
# INPUT: w4 f64 [128, 40]
# INPUT: w5 f64 [128, 40]
# INPUT: c5 f64 [40]
# INPUT: w6 f64 [128, 40]
# INPUT: c6 f64 [40]
# INPUT: y f64 [33, 129]
# INPUT: v f64 [129, 65]
# INPUT: c f64 [65]
# INPUT: w7 f64 [128, 40]
# INPUT: r f64 [64]
# INPUT: w8 f64 [128, 40]
# INPUT: w9 f64 [128, 40]
# INPUT: p f64 [3, 40]
# OUTPUT: out 1e-12
# OUTPUT: relu 1e-12
# OUTPUT: scaled 1e-12
# OUTPUT: full 1e-12
# OUTPUT: front 1e-12
# OUTPUT: odd 1e-12
# OUTPUT: rows 1e-12
# OUTPUT: bound 1e-12
# OUTPUT: sliced 1e-12
import numpy as np

def main():
    x: f64[64, 128] = np.load("x.npy")
    w1: f64[128, 96] = np.load("w1.npy")
    b1: f64[96] = np.load("b1.npy")
    w2: f64[96, 32] = np.load("w2.npy")
    b2: f64[32] = np.load("b2.npy")
    w3: f64[128, 40] = np.load("w3.npy")
    w4: f64[128, 40] = np.load("w4.npy")
    w5: f64[128, 40] = np.load("w5.npy")
    c5: f64[40] = np.load("c5.npy")
    w6: f64[128, 40] = np.load("w6.npy")
    c6: f64[40] = np.load("c6.npy")
    y: f64[33, 129] = np.load("y.npy")
    v: f64[129, 65] = np.load("v.npy")
    c: f64[65] = np.load("c.npy")
    w7: f64[128, 40] = np.load("w7.npy")
    r: f64[64] = np.load("r.npy")
    w8: f64[128, 40] = np.load("w8.npy")
    w9: f64[128, 40] = np.load("w9.npy")
    p: f64[3, 40] = np.load("p.npy")
    h = np.maximum(x @ w1 + b1, 0.0)
    out = h @ w2 + b2
    np.save("out.npy", out)
    np.save("relu.npy", np.maximum(x @ w3, 0.0))
    np.save("scaled.npy", 0.5 * (x @ w4))
    np.save("full.npy", np.maximum(2.0 * (x @ w5) + c5, 0.0))
    np.save("front.npy", c6 + x @ w6)
    np.save("odd.npy", np.maximum(y @ v + c, 0.0))
    np.save("rows.npy", x @ w7 + r[:, None])
    np.save("bound.npy", np.maximum(x @ w8, 0.5))
    np.save("sliced.npy", np.maximum(x @ w9 + p[1], 0.0))
