# RUN: %e2e %s
# Tests f32 matrix products on the CPU's OpenBLAS path (arrayc-linalg-to-blas):
# 1x1, small and odd-sized (127x129 @ 129x65) products, batched and
# broadcast-batch @, transposed views on either side, matvec/vecmat, dot of
# vectors, einsum as GEMM ('ij,jk->ik', 'bij,bjk->bik', 'ij,kj->ik'), and
# forms that stay on loops (outer, a strided slice), and a negated operand
# (its own loop, then GEMM: arrayc-fuse-elementwise leaves it unfused).
# Tolerance 1e-5: f32 sums of up to 129 products (1.9e-6 seen at seed 355064265).
# The vector dot takes positive inputs: two standard normal 5-vectors can cancel
# to ~1e-4 (seed 2097147982), where f32 rounding alone is ~5e-4 relative; with
# positive terms the relative error stays below n * eps.
# INPUT: a1 f32 [1, 1]
# INPUT: b1 f32 [1, 1]
# INPUT: a f32 [3, 5]
# INPUT: b f32 [5, 2]
# INPUT: c f32 [3, 4]
# INPUT: d f32 [2, 5]
# INPUT: x f32 [127, 129]
# INPUT: y f32 [129, 65]
# INPUT: s f32 [4, 3, 5]
# INPUT: t f32 [4, 5, 2]
# INPUT: u f32 [2, 1, 3, 5]
# INPUT: v f32 [5]
# INPUT: w f32 [5]
# INPUT: p f32 [5] positive
# INPUT: q f32 [5] positive
# OUTPUT: m1 1e-5
# OUTPUT: m2 1e-5
# OUTPUT: m3 1e-5
# OUTPUT: bm 1e-5
# OUTPUT: bb 1e-5
# OUTPUT: ta 1e-5
# OUTPUT: tb 1e-5
# OUTPUT: tt 1e-5
# OUTPUT: mv 1e-5
# OUTPUT: vm 1e-5
# OUTPUT: dv 1e-5
# OUTPUT: ou 1e-5
# OUTPUT: e1 1e-5
# OUTPUT: e2 1e-5
# OUTPUT: e3 1e-5
# OUTPUT: sl 1e-5
# OUTPUT: ng 1e-5
import numpy as np

def main():
    a1: f32[1, 1] = np.load("a1.npy")
    b1: f32[1, 1] = np.load("b1.npy")
    a: f32[3, 5] = np.load("a.npy")
    b: f32[5, 2] = np.load("b.npy")
    c: f32[3, 4] = np.load("c.npy")
    d: f32[2, 5] = np.load("d.npy")
    x: f32[127, 129] = np.load("x.npy")
    y: f32[129, 65] = np.load("y.npy")
    s: f32[4, 3, 5] = np.load("s.npy")
    t: f32[4, 5, 2] = np.load("t.npy")
    u: f32[2, 1, 3, 5] = np.load("u.npy")
    v: f32[5] = np.load("v.npy")
    w: f32[5] = np.load("w.npy")
    p: f32[5] = np.load("p.npy")
    q: f32[5] = np.load("q.npy")
    np.save("m1.npy", a1 @ b1)
    np.save("m2.npy", a @ b)
    np.save("m3.npy", x @ y)
    np.save("bm.npy", s @ t)
    np.save("bb.npy", u @ t)
    np.save("ta.npy", a.T @ c)
    np.save("tb.npy", a @ d.T)
    np.save("tt.npy", y.T @ x.T)
    np.save("mv.npy", np.matmul(a, v))
    np.save("vm.npy", v @ b)
    np.save("dv.npy", np.dot(p, q))
    np.save("ou.npy", np.outer(v, w))
    np.save("e1.npy", np.einsum("ij,jk->ik", a, b))
    np.save("e2.npy", np.einsum("bij,bjk->bik", s, t))
    np.save("e3.npy", np.einsum("ij,kj->ik", a, d))
    np.save("sl.npy", x[::2, :] @ y)
    np.save("ng.npy", (-a) @ b)
