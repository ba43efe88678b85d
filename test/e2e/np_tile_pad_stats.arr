# RUN: %e2e %s
# Tests meshgrid ('xy' and 'ij', three inputs), tile (int and tuple reps,
# reps longer than the rank), repeat (with and without axis), kron (1-d and
# 2-d), cross (3-vectors, batched; NumPy 2 refuses 2-vectors), cov (rowvar, bias, ddof, 1-d) and
# corrcoef, and pad (constant with a value, edge, wrap, reflect, symmetric;
# per-axis widths), on run-time sizes.
# INPUT: x f64 [11]
# INPUT: y f32 [6]
# INPUT: A f64 [5, 4]
# INPUT: I i32 [3, 2] range=-9:9
# INPUT: P f64 [8, 3]
# INPUT: Q f64 [8, 3]
# OUTPUT: mx
# OUTPUT: my
# OUTPUT: mi
# OUTPUT: m3
# OUTPUT: t0
# OUTPUT: t1
# OUTPUT: t2
# OUTPUT: r0
# OUTPUT: r1
# OUTPUT: k0
# OUTPUT: k1
# OUTPUT: c3
# OUTPUT: c2
# OUTPUT: v0
# OUTPUT: v1
# OUTPUT: v2
# OUTPUT: v3
# OUTPUT: cc
# OUTPUT: p0
# OUTPUT: p1
# OUTPUT: p2
# OUTPUT: p3
# OUTPUT: p4
# OUTPUT: p5
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    y: f32[m] = np.load("y.npy")
    A: f64[r, c] = np.load("A.npy")
    I: i32[p, q] = np.load("I.npy")
    P: f64[k, 3] = np.load("P.npy")
    Q: f64[k, 3] = np.load("Q.npy")
    X, Y = np.meshgrid(x, y)
    np.save("mx.npy", X)
    np.save("my.npy", Y)
    U, V = np.meshgrid(x, y, indexing="ij")
    np.save("mi.npy", U * V)
    G0, G1, G2 = np.meshgrid(y, x, I[0], indexing="xy")
    np.save("m3.npy", G0 + G1 + G2)
    np.save("t0.npy", np.tile(x, 3))
    np.save("t1.npy", np.tile(A, (2, 3)))
    np.save("t2.npy", np.tile(I, (2, 1, 2)))
    np.save("r0.npy", np.repeat(A, 2))
    np.save("r1.npy", np.repeat(I, 3, axis=1))
    np.save("k0.npy", np.kron(x, y))
    np.save("k1.npy", np.kron(A, I))
    np.save("c3.npy", np.cross(P, Q))
    np.save("c2.npy", np.cross(P[::2], Q[1::2]))
    np.save("v0.npy", np.cov(A))
    np.save("v1.npy", np.cov(A, rowvar=False))
    np.save("v2.npy", np.cov(I, bias=True))
    np.save("v3.npy", np.cov(x, ddof=0))
    np.save("cc.npy", np.corrcoef(P, rowvar=False))
    np.save("p0.npy", np.pad(x, 2))
    np.save("p1.npy", np.pad(A, ((1, 2), (0, 3)), constant_values=-1.5))
    np.save("p2.npy", np.pad(A, (2, 1), mode="edge"))
    np.save("p3.npy", np.pad(x, (3, 4), mode="wrap"))
    np.save("p4.npy", np.pad(A, 2, mode="reflect"))
    np.save("p5.npy", np.pad(I, ((0, 1), (2, 2)), mode="symmetric"))
