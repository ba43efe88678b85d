# RUN: %e2e %s
# Tests NEP 50 weak Python scalars: f32+float -> f32, f16*float -> f16,
# i32*int -> i32, i32+float -> f64, i8+int -> i8, and literal folding.
# INPUT: x f32 [64]
# INPUT: h f16 [64]
# INPUT: k i32 [64]
# INPUT: s i8 [64] range=-50:50
# OUTPUT: r1
# OUTPUT: r2
# OUTPUT: r3
# OUTPUT: r4
# OUTPUT: r5
# OUTPUT: r6
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    h: f16[n] = np.load("h.npy")
    k: i32[n] = np.load("k.npy")
    s: i8[n] = np.load("s.npy")
    np.save("r1.npy", x + 2.5)
    np.save("r2.npy", h * 0.5 - 1.0)
    np.save("r3.npy", k * 3 - 7)
    np.save("r4.npy", k + 2.5)
    np.save("r5.npy", s + 2)
    np.save("r6.npy", x * (1 + 2) / 2 ** 3)
