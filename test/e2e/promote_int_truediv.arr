# RUN: %e2e %s
# Tests that / on integers is true division in f64 (i32/i32, i64/int, i8/i8).
# INPUT: a i32 [200]
# INPUT: b i32 [200] positive
# INPUT: c i64 [200]
# INPUT: s i8 [200] positive
# OUTPUT: r1
# OUTPUT: r2
# OUTPUT: r3
# OUTPUT: r4
import numpy as np

def main():
    a: i32[n] = np.load("a.npy")
    b: i32[n] = np.load("b.npy")
    c: i64[n] = np.load("c.npy")
    s: i8[n] = np.load("s.npy")
    np.save("r1.npy", a / b)
    np.save("r2.npy", c / 7)
    np.save("r3.npy", s / s)
    np.save("r4.npy", divide(a, b))
