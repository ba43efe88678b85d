# RUN: %e2e %s
# Tests batched c128 matrix products (arrayc-linalg-to-blas) against NumPy: on
# the cpu target one GEMM per batch element, a large batch of small products
# on the runtime's threads; on cuda the strided-batched GEMM, one call when
# the batch loops collapse to one stride per operand (3-D, 4-D contiguous, a
# 2-D operand broadcast with stride 0), a loop of calls when they do not
# (a size-1 batch dim broadcast against another operand's, a sliced batch).
# Transposed operands (np.transpose/np.swapaxes of the last two axes) go to
# GEMM as transposed matrices; a reversed batch axis is a negative stride.
# INPUT: s c128 [64, 6, 7]
# INPUT: t c128 [64, 7, 5]
# INPUT: r c128 [64, 5, 7]
# INPUT: u c128 [3, 4, 6, 7]
# INPUT: v c128 [3, 4, 7, 5]
# INPUT: w c128 [4, 7, 5]
# INPUT: x c128 [6, 7]
# INPUT: p c128 [5, 1, 6, 7]
# INPUT: q c128 [1, 8, 7, 5]
# INPUT: g c128 [300, 32, 32]
# INPUT: h c128 [300, 32, 32]
# OUTPUT: b3
# OUTPUT: b4
# OUTPUT: bw
# OUTPUT: bx
# OUTPUT: bp
# OUTPUT: tr
# OUTPUT: tl
# OUTPUT: sl
# OUTPUT: rv
# OUTPUT: lg
# OUTPUT: es
import numpy as np

def main():
    s: c128[64, 6, 7] = np.load("s.npy")
    t: c128[64, 7, 5] = np.load("t.npy")
    r: c128[64, 5, 7] = np.load("r.npy")
    u: c128[3, 4, 6, 7] = np.load("u.npy")
    v: c128[3, 4, 7, 5] = np.load("v.npy")
    w: c128[4, 7, 5] = np.load("w.npy")
    x: c128[6, 7] = np.load("x.npy")
    p: c128[5, 1, 6, 7] = np.load("p.npy")
    q: c128[1, 8, 7, 5] = np.load("q.npy")
    g: c128[300, 32, 32] = np.load("g.npy")
    h: c128[300, 32, 32] = np.load("h.npy")
    np.save("b3.npy", s @ t)
    np.save("b4.npy", u @ v)
    np.save("bw.npy", u @ w)
    np.save("bx.npy", x @ t)
    np.save("bp.npy", p @ q)
    np.save("tr.npy", s @ np.transpose(r, (0, 2, 1)))
    np.save("tl.npy", np.swapaxes(t, 1, 2) @ np.swapaxes(s, 1, 2))
    np.save("sl.npy", s[::2] @ t[1::2])
    np.save("rv.npy", s[::-1] @ t)
    np.save("lg.npy", g @ h)
    np.save("es.npy", np.einsum("bij,bkj->bik", s, r))
