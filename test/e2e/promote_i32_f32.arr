# RUN: %e2e %s
# Tests NumPy 2 promotion between arrays: i32+f32 -> f64, i64*f32 -> f64,
# f16*f32 -> f32, i8+i16 -> i16, i32+i64 -> i64.
# INPUT: a i32 [100]
# INPUT: b f32 [100]
# INPUT: c i64 [100]
# INPUT: h f16 [100]
# INPUT: s i8 [100]
# INPUT: t i16 [100]
# OUTPUT: r1
# OUTPUT: r2
# OUTPUT: r3
# OUTPUT: r4
# OUTPUT: r5
import numpy as np

def main():
    a: i32[n] = np.load("a.npy")
    b: f32[n] = np.load("b.npy")
    c: i64[n] = np.load("c.npy")
    h: f16[n] = np.load("h.npy")
    s: i8[n] = np.load("s.npy")
    t: i16[n] = np.load("t.npy")
    np.save("r1.npy", a + b)
    np.save("r2.npy", c * b)
    np.save("r3.npy", h * b)
    np.save("r4.npy", s + t)
    np.save("r5.npy", a + c)
