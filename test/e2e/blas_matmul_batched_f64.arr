# RUN: %e2e %s
# Tests batched f64 matrix products (arrayc-linalg-to-blas) against NumPy: on
# the cpu target one GEMM per batch element, a large batch of small products
# on the runtime's threads; on cuda the strided-batched GEMM, one call when
# the batch loops collapse to one stride per operand (3-D, 4-D contiguous, a
# 2-D operand broadcast with stride 0), a loop of calls when they do not
# (a size-1 batch dim broadcast against another operand's, a sliced batch).
# Transposed operands (np.transpose/np.swapaxes of the last two axes) go to
# GEMM as transposed matrices; a reversed batch axis is a negative stride.
# INPUT: s f64 [64, 6, 7]
# INPUT: t f64 [64, 7, 5]
# INPUT: r f64 [64, 5, 7]
# INPUT: u f64 [3, 4, 6, 7]
# INPUT: v f64 [3, 4, 7, 5]
# INPUT: w f64 [4, 7, 5]
# INPUT: x f64 [6, 7]
# INPUT: p f64 [5, 1, 6, 7]
# INPUT: q f64 [1, 8, 7, 5]
# INPUT: g f64 [300, 32, 32]
# INPUT: h f64 [300, 32, 32]
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
    s: f64[64, 6, 7] = np.load("s.npy")
    t: f64[64, 7, 5] = np.load("t.npy")
    r: f64[64, 5, 7] = np.load("r.npy")
    u: f64[3, 4, 6, 7] = np.load("u.npy")
    v: f64[3, 4, 7, 5] = np.load("v.npy")
    w: f64[4, 7, 5] = np.load("w.npy")
    x: f64[6, 7] = np.load("x.npy")
    p: f64[5, 1, 6, 7] = np.load("p.npy")
    q: f64[1, 8, 7, 5] = np.load("q.npy")
    g: f64[300, 32, 32] = np.load("g.npy")
    h: f64[300, 32, 32] = np.load("h.npy")
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
