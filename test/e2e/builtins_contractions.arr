# RUN: %e2e %s
# Tests matmul/@ (1-d, 2-d, batched with broadcasting, mixed dtypes), dot,
# outer and einsum (explicit and implicit output, repeated indices, '...').
# INPUT: a f32 [33, 17]
# INPUT: b f32 [17, 9]
# INPUT: v f32 [17]
# INPUT: w f64 [9]
# INPUT: s f32 [2, 1, 3, 4]
# INPUT: t f32 [5, 4, 2]
# INPUT: q f64 [6, 6]
# INPUT: k i32 [3, 4]
# INPUT: z f32 [0, 17]
# OUTPUT: mm
# OUTPUT: mv
# OUTPUT: vm
# OUTPUT: vv
# OUTPUT: bm
# OUTPUT: mix
# OUTPUT: d1
# OUTPUT: d2
# OUTPUT: d3
# OUTPUT: o1
# OUTPUT: e1
# OUTPUT: e2
# OUTPUT: e3
# OUTPUT: e4
# OUTPUT: e5
# OUTPUT: e6
# OUTPUT: ki
# OUTPUT: ze
# OUTPUT: hm
# OUTPUT: o2 signbit
# OUTPUT: bb
# INPUT: h f16 [40, 300]
# INPUT: c bool [4, 5]
import numpy as np

def main():
    a: f32[n, 17] = np.load("a.npy")
    b: f32[17, 9] = np.load("b.npy")
    v: f32[17] = np.load("v.npy")
    w: f64[9] = np.load("w.npy")
    s: f32[2, 1, 3, 4] = np.load("s.npy")
    t: f32[5, 4, 2] = np.load("t.npy")
    q: f64[6, 6] = np.load("q.npy")
    k: i32[3, 4] = np.load("k.npy")
    z: f32[p, 17] = np.load("z.npy")
    np.save("mm.npy", a @ b)
    np.save("mv.npy", np.matmul(a, v))
    np.save("vm.npy", v @ b)
    np.save("vv.npy", v @ v)
    np.save("bm.npy", s @ t)
    np.save("mix.npy", b @ w)
    np.save("d1.npy", dot(v, v))
    np.save("d2.npy", np.dot(a, b))
    np.save("d3.npy", dot(2.0, w))
    np.save("o1.npy", outer(v, w))
    np.save("e1.npy", einsum("ij,jk->ik", a, b))
    np.save("e2.npy", np.einsum("ii", q))
    np.save("e3.npy", einsum("ii->i", q))
    np.save("e4.npy", einsum("...ij,...jk", s, t))
    np.save("e5.npy", einsum("ij->ji", q))
    np.save("e6.npy", einsum("i,j,k", v, w, v))
    np.save("ki.npy", np.einsum("ij,kj->ik", k, k))
    np.save("ze.npy", z @ b)
    h: f16[40, 300] = np.load("h.npy")
    c: bool[4, 5] = np.load("c.npy")
    np.save("hm.npy", einsum("ij,kj->ik", h, h))
    np.save("o2.npy", outer(q, -w))
    np.save("bb.npy", np.matmul(c, einsum("ij->ji", c)))
