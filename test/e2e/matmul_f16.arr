# RUN: %e2e %s
# Tests f16 matrix products (f32 accumulation, rounded to f16, as NumPy): on the
# GPU these are cuBLAS GemmEx calls on the tensor cores (arrayc-linalg-to-blas
# with cuda=true), on the CPU loops. Odd sizes, a transposed right operand
# (einsum 'ij,kj->ik'), a batched product and a vector.
# INPUT: a f16 [129, 257]
# INPUT: b f16 [257, 65]
# INPUT: s f16 [3, 40, 31]
# INPUT: t f16 [3, 31, 17]
# INPUT: v f16 [257]
# OUTPUT: mm
# OUTPUT: mt
# OUTPUT: bm
# OUTPUT: mv
import numpy as np

def main():
    a: f16[m, k] = np.load("a.npy")
    b: f16[k, n] = np.load("b.npy")
    s: f16[p, q, r] = np.load("s.npy")
    t: f16[p, r, u] = np.load("t.npy")
    v: f16[k] = np.load("v.npy")
    np.save("mm.npy", a @ b)
    np.save("mt.npy", np.einsum("ij,kj->ik", a, a))
    np.save("bm.npy", s @ t)
    np.save("mv.npy", a @ v)
