# RUN: %e2e %s
# Tests reductions and contractions of complex arrays: sum prod mean
# (complex results), var/std (real: the mean of |x - mean|^2), cumsum,
# matmul/@, dot, outer, einsum (complex multiply-add), where; with an empty
# array and 8193 elements.
# INPUT: z c64 [8193]
# INPUT: a c128 [5, 7]
# INPUT: b c128 [7, 3]
# INPUT: x f32 [7]
# INPUT: c bool [5, 7]
# INPUT: e c128 [0]
# OUTPUT: s
# OUTPUT: p
# OUTPUT: mn
# OUTPUT: vr
# OUTPUT: sd
# OUTPUT: vr1
# OUTPUT: sd0
# OUTPUT: cu
# OUTPUT: mm
# OUTPUT: mv
# OUTPUT: dt
# OUTPUT: ou
# OUTPUT: es
# OUTPUT: wh
# OUTPUT: es0
# OUTPUT: em
import numpy as np

def main():
    z: c64[n] = np.load("z.npy")
    a: c128[5, 7] = np.load("a.npy")
    b: c128[7, 3] = np.load("b.npy")
    x: f32[7] = np.load("x.npy")
    c: bool[5, 7] = np.load("c.npy")
    e: c128[k] = np.load("e.npy")
    np.save("s.npy", np.sum(z))
    np.save("p.npy", np.prod(a[0] * 0.5, axis=0))
    np.save("mn.npy", np.mean(a, axis=1))
    np.save("vr.npy", np.var(z))
    np.save("sd.npy", np.std(a, axis=0))
    np.save("vr1.npy", np.var(a, axis=1, ddof=1))
    np.save("sd0.npy", np.std(z.real))
    np.save("cu.npy", np.cumsum(a, axis=1))
    np.save("mm.npy", a @ b)
    np.save("mv.npy", np.matmul(a, x))
    np.save("dt.npy", np.dot(b[:, 0], x))
    np.save("ou.npy", np.outer(x, b[0]))
    np.save("es.npy", np.einsum("ij,jk->ik", a, b))
    np.save("wh.npy", np.where(c, a, 1j))
    np.save("es0.npy", np.sum(e))
    np.save("em.npy", np.einsum("i,i->", e, e))
