# RUN: %e2e %s
# Tests integer arithmetic in i64 and i32 (exact; abs is in
# elementwise_abs_int.arr), power with an int
# exponent, maximum/minimum, and sums.
# INPUT: a i64 [333]
# INPUT: b i64 [333]
# INPUT: k i32 [333]
# OUTPUT: r1
# OUTPUT: r2
# OUTPUT: r3
# OUTPUT: r4
# OUTPUT: r5
# OUTPUT: r6
import numpy as np

def poly(a: i64[n], b: i64[n]) -> i64[n]:
    return a * a - 3 * a * b + b ** 3

def main():
    a: i64[n] = np.load("a.npy")
    b: i64[n] = np.load("b.npy")
    k: i32[n] = np.load("k.npy")
    np.save("r1.npy", poly(a, b))
    np.save("r2.npy", np.negative(k) - k * 2)
    np.save("r3.npy", np.maximum(k, a))
    np.save("r4.npy", minimum(k, 7))
    np.save("r5.npy", np.sum(k * k, axis=0))
    np.save("r6.npy", k ** 2 + np.power(k, 3))
