# RUN: %e2e %s
# Tests bool arithmetic: bool*bool stays bool, bool+int -> i64,
# bool*f32 -> f32, bool+i32 -> i32, and comparisons producing bool.
# (bool+bool, logical or in NumPy, is rejected by arrayc on purpose: left out.)
# INPUT: p bool [128]
# INPUT: q bool [128]
# INPUT: x f32 [128]
# INPUT: k i32 [128]
# OUTPUT: r1
# OUTPUT: r2
# OUTPUT: r3
# OUTPUT: r4
# OUTPUT: r5
# OUTPUT: r6
import numpy as np

def main():
    p: bool[n] = np.load("p.npy")
    q: bool[n] = np.load("q.npy")
    x: f32[n] = np.load("x.npy")
    k: i32[n] = np.load("k.npy")
    np.save("r1.npy", p * q * p)
    np.save("r2.npy", p * q)
    np.save("r3.npy", p + 1)
    np.save("r4.npy", p * x)
    np.save("r5.npy", p + k)
    np.save("r6.npy", (x > 0) * (k < 0))
