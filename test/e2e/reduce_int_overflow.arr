# RUN: %e2e %s
# Tests two's-complement wrapping: i32 elementwise products and sums wrap,
# sum of i32 accumulates in i64 (no wrap), prod of i32 in i64 wraps, and sum
# and prod of large i64 wrap.
# INPUT: a i32 [1000] range=-2000000000:2000000000
# INPUT: b i32 [64] range=-100000:100000
# INPUT: c i64 [100] range=-9000000000000000000:9000000000000000000
# OUTPUT: mul
# OUTPUT: add
# OUTPUT: sum
# OUTPUT: prod
# OUTPUT: sum64
# OUTPUT: prod64
import numpy as np

def main():
    a: i32[n] = np.load("a.npy")
    b: i32[m] = np.load("b.npy")
    c: i64[k] = np.load("c.npy")
    np.save("mul.npy", a * a)
    np.save("add.npy", a + a)
    np.save("sum.npy", sum(a))
    np.save("prod.npy", np.prod(b))
    np.save("sum64.npy", np.sum(c))
    np.save("prod64.npy", prod(c))
