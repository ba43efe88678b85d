# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests c64 matrix products on the CPU's OpenBLAS path (arrayc-linalg-to-blas):
# 1x1, small and odd-sized (127x129 @ 129x65) products, batched and
# broadcast-batch @, transposed views on either side, matvec/vecmat, dot of
# vectors, einsum as GEMM ('ij,jk->ik', 'bij,bjk->bik', 'ij,kj->ik'), and
# forms that stay on loops (outer, a strided slice, a fused negation).
# INPUT: a1 c64 [1, 1]
# INPUT: b1 c64 [1, 1]
# INPUT: a c64 [3, 5]
# INPUT: b c64 [5, 2]
# INPUT: c c64 [3, 4]
# INPUT: d c64 [2, 5]
# INPUT: x c64 [127, 129]
# INPUT: y c64 [129, 65]
# INPUT: s c64 [4, 3, 5]
# INPUT: t c64 [4, 5, 2]
# INPUT: u c64 [2, 1, 3, 5]
# INPUT: v c64 [5]
# INPUT: w c64 [5]
# OUTPUT: m1
# OUTPUT: m2
# OUTPUT: m3
# OUTPUT: bm
# OUTPUT: bb
# OUTPUT: ta
# OUTPUT: tb
# OUTPUT: tt
# OUTPUT: mv
# OUTPUT: vm
# OUTPUT: dv
# OUTPUT: ou
# OUTPUT: e1
# OUTPUT: e2
# OUTPUT: e3
# OUTPUT: sl
# OUTPUT: ng
import numpy as np

def main():
    a1: c64[1, 1] = np.load("a1.npy")
    b1: c64[1, 1] = np.load("b1.npy")
    a: c64[3, 5] = np.load("a.npy")
    b: c64[5, 2] = np.load("b.npy")
    c: c64[3, 4] = np.load("c.npy")
    d: c64[2, 5] = np.load("d.npy")
    x: c64[127, 129] = np.load("x.npy")
    y: c64[129, 65] = np.load("y.npy")
    s: c64[4, 3, 5] = np.load("s.npy")
    t: c64[4, 5, 2] = np.load("t.npy")
    u: c64[2, 1, 3, 5] = np.load("u.npy")
    v: c64[5] = np.load("v.npy")
    w: c64[5] = np.load("w.npy")
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
    np.save("dv.npy", np.dot(v, w))
    np.save("ou.npy", np.outer(v, w))
    np.save("e1.npy", np.einsum("ij,jk->ik", a, b))
    np.save("e2.npy", np.einsum("bij,bjk->bik", s, t))
    np.save("e3.npy", np.einsum("ij,kj->ik", a, d))
    np.save("sl.npy", x[::2, :] @ y)
    np.save("ng.npy", (-a) @ b)
