# RUN: %e2e %s
# Sieve of Eratosthenes up to a bound derived from the data, prime counting,
# and the primality of the input numbers looked up in the sieve.
# INPUT: q i64 [200] range=2:5000
# OUTPUT: primes
# OUTPUT: is_prime_q
# OUTPUT: gaps
# JIT: sieve
import numpy as np


def sieve(n):
    is_prime = np.ones(n + 1, dtype=bool)
    is_prime[:2] = False
    for i in range(2, int(n**0.5) + 1):
        if is_prime[i]:
            is_prime[i * i::i] = False
    return is_prime


def main():
    q: i64[k] = np.load("q.npy")
    table = sieve(int(q.max()))
    primes = np.nonzero(table)[0]
    np.save("primes.npy", primes)
    np.save("is_prime_q.npy", table[q])
    np.save("gaps.npy", np.max(np.diff(primes)))
