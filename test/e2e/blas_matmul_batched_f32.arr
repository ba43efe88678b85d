# RUN: %e2e %s
# Tests batched f32 matrix products (arrayc-linalg-to-blas) against NumPy: on
# the cpu target one GEMM per batch element, a large batch of small products
# on the runtime's threads; on cuda the strided-batched GEMM, one call when
# the batch loops collapse to one stride per operand (3-D, 4-D contiguous, a
# 2-D operand broadcast with stride 0), a loop of calls when they do not
# (a size-1 batch dim broadcast against another operand's, a sliced batch).
# Transposed operands (np.transpose/np.swapaxes of the last two axes) go to
# GEMM as transposed matrices; a reversed batch axis is a negative stride.
# INPUT: s f32 [64, 6, 7]
# INPUT: t f32 [64, 7, 5]
# INPUT: r f32 [64, 5, 7]
# INPUT: u f32 [3, 4, 6, 7]
# INPUT: v f32 [3, 4, 7, 5]
# INPUT: w f32 [4, 7, 5]
# INPUT: x f32 [6, 7]
# INPUT: p f32 [5, 1, 6, 7]
# INPUT: q f32 [1, 8, 7, 5]
# INPUT: g f32 [300, 32, 32]
# INPUT: h f32 [300, 32, 32]
# OUTPUT: b3 1e-5
# OUTPUT: b4 1e-5
# OUTPUT: bw 1e-5
# OUTPUT: bx 1e-5
# OUTPUT: bp 1e-5
# OUTPUT: tr 1e-5
# OUTPUT: tl 1e-5
# OUTPUT: sl 1e-5
# OUTPUT: rv 1e-5
# OUTPUT: lg 1e-5
# OUTPUT: es 1e-5
import numpy as np

def main():
    s: f32[64, 6, 7] = np.load("s.npy")
    t: f32[64, 7, 5] = np.load("t.npy")
    r: f32[64, 5, 7] = np.load("r.npy")
    u: f32[3, 4, 6, 7] = np.load("u.npy")
    v: f32[3, 4, 7, 5] = np.load("v.npy")
    w: f32[4, 7, 5] = np.load("w.npy")
    x: f32[6, 7] = np.load("x.npy")
    p: f32[5, 1, 6, 7] = np.load("p.npy")
    q: f32[1, 8, 7, 5] = np.load("q.npy")
    g: f32[300, 32, 32] = np.load("g.npy")
    h: f32[300, 32, 32] = np.load("h.npy")
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
