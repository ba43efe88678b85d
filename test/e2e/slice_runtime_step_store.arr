# RUN: %e2e %s
# Tests stores into slices with a step known only at run time (a sieve of
# Eratosthenes in a helper, negative and omitted bounds, float values into an
# int array) and slices of shape tuples, as NumPy users write them.
# INPUT: x f64 [50]
# INPUT: k i64 [] range=1:7
# INPUT: A f32 [4, 6, 3]
# OUTPUT: sieve
# OUTPUT: s0
# OUTPUT: s1
# OUTPUT: s2
# OUTPUT: sh
import numpy as np

def sieve(n: i64) -> bool[m]:
    is_prime = np.ones(n + 1, dtype=bool)
    is_prime[:2] = False
    for i in range(2, int(n ** 0.5) + 1):
        if is_prime[i]:
            is_prime[i * i::i] = False
    return is_prime

def main():
    x: f64[n] = np.load("x.npy")
    k: i64 = np.load("k.npy")
    A: f32[a, b, c] = np.load("A.npy")
    np.save("sieve.npy", sieve(200 + k))
    y = x.copy()
    y[::k] = 0.0
    np.save("s0.npy", y)
    y[-20:-3:k + 1] = -1.0
    np.save("s1.npy", y)
    z = np.arange(30)
    z[k:25:k] = 2.7
    np.save("s2.npy", z)
    h, w = A.shape[:2]
    np.save("sh.npy", np.zeros(A.shape[1:]) + h * 10 + w + A.shape[::-1][0])
