# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests linalg.slogdet (LAPACKE getrf) and matrix_power (repeated squaring,
# inv for negative powers) against NumPy: f64 of a run-time size, an f32
# stack, c128, an 80x80 matrix whose determinant overflows f64 (slogdet
# does not), a singular matrix (sign 0, log -inf), a 0x0 matrix, powers 0,
# 1, 2, 3, 5, -2 of a matrix, of a stack and of
# integers (which stay integers),
# and a Markov chain's distribution after 12 steps.
# INPUT: a f64 [5, 5]
# INPUT: b f32 [3, 4, 4]
# INPUT: c c128 [3, 3]
# INPUT: big f64 [80, 80]
# INPUT: e f64 [0, 0]
# INPUT: k i32 [3, 3] range=-3:3
# INPUT: p0 f64 [4] positive
# OUTPUT: s1 1e-10
# OUTPUT: l1 1e-10
# OUTPUT: s2 1e-5
# OUTPUT: l2 1e-5
# OUTPUT: s3 1e-10
# OUTPUT: l3 1e-10
# OUTPUT: s4
# OUTPUT: l4 1e-10
# OUTPUT: s5
# OUTPUT: l5
# OUTPUT: s6
# OUTPUT: l6
# OUTPUT: m0
# OUTPUT: m1 1e-6
# OUTPUT: m2 1e-10
# OUTPUT: m3 1e-10
# OUTPUT: m5 1e-10
# OUTPUT: mneg 1e-8
# OUTPUT: mb 1e-5
# OUTPUT: mk
# OUTPUT: mc 1e-10
# OUTPUT: chain 1e-10
import numpy as np

def step_matrix(p: f64[m]) -> f64[m, m]:
    # A column-stochastic matrix from positive weights.
    t = np.outer(p, p) + np.eye(p.shape[0])
    return t / np.sum(t, axis=0)

def main():
    a: f64[n, n] = np.load("a.npy")
    b: f32[3, 4, 4] = np.load("b.npy")
    c: c128[3, 3] = np.load("c.npy")
    big: f64[80, 80] = np.load("big.npy")
    e: f64[0, 0] = np.load("e.npy")
    k: i32[3, 3] = np.load("k.npy")
    p0: f64[4] = np.load("p0.npy")

    s1, l1 = np.linalg.slogdet(a)
    np.save("s1.npy", s1)
    np.save("l1.npy", l1)
    well = b + 4.0 * np.eye(4, dtype=np.float32)
    s2, l2 = np.linalg.slogdet(well)
    np.save("s2.npy", s2)
    np.save("l2.npy", l2)
    s3, l3 = np.linalg.slogdet(c)
    np.save("s3.npy", s3)
    np.save("l3.npy", l3)
    s4, l4 = np.linalg.slogdet(1e6 * big)
    np.save("s4.npy", s4)
    np.save("l4.npy", l4)
    s5, l5 = np.linalg.slogdet(np.ones((3, 3)))
    np.save("s5.npy", s5)
    np.save("l5.npy", l5)
    s6, l6 = np.linalg.slogdet(e)
    np.save("s6.npy", s6)
    np.save("l6.npy", l6)

    np.save("m0.npy", np.linalg.matrix_power(a, 0))
    np.save("m1.npy", np.linalg.matrix_power(b, 1))
    np.save("m2.npy", np.linalg.matrix_power(a, 2))
    np.save("m3.npy", np.linalg.matrix_power(a, 3))
    np.save("m5.npy", np.linalg.matrix_power(a, 5))
    np.save("mneg.npy", np.linalg.matrix_power(a + 5.0 * np.eye(a.shape[0]), -2))
    np.save("mb.npy", np.linalg.matrix_power(b, 3))
    np.save("mk.npy", np.linalg.matrix_power(k, 4))
    np.save("mc.npy", np.linalg.matrix_power(c, 3))

    P = step_matrix(p0)
    np.save("chain.npy", np.linalg.matrix_power(P, 12) @ (p0 / np.sum(p0)))
