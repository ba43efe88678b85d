# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Python's math module on scalars as NumPy users call it next to NumPy: a
# prime sieve bounded by int(math.sqrt(n)), a step count from math.ceil and
# math.log, constants, two-argument functions, and `from math import` names.
# Results are Python floats/ints; math raises where NumPy gives nan
# (math_module_domain.arr).
# INPUT: x f64 [200] positive
# OUTPUT: x
# OUTPUT: primes
# OUTPUT: vals 1e-12
import numpy as np
import math
from math import sqrt, floor, pi

def sieve(n):
    is_p = np.ones(n + 1, dtype=bool)
    is_p[:2] = False
    for i in range(2, int(math.sqrt(n)) + 1):
        if is_p[i]:
            is_p[i * i::i] = False
    return np.nonzero(is_p)[0]

def halvings(x):
    # How many halvings bring max(x) below 1e-3.
    return math.ceil(math.log(np.max(x) / 1e-3, 2))

def scalar_mix(x, k):
    a = x[0]
    r = math.sqrt(a) + math.exp(-a) + math.log10(a) + math.atan2(a, x[1])
    r += math.hypot(x[0], x[1]) + math.pow(a, 1.5) + sqrt(k) + math.fabs(-a)
    r += floor(a * 10) + math.trunc(-a) + math.log1p(a) + math.tanh(a)
    r += math.degrees(pi / 4) + math.radians(90.0) + math.cos(a) * math.sin(a)
    r += math.acos(x[1] / (1.0 + x[1])) + math.cosh(0.5) + math.e
    if math.isnan(a) or math.isinf(r):
        r = -1.0
    return r

def rescale(x, k):
    x *= 1.0 / math.sqrt(k)       # in place, by a Python float

def main():
    x: f64[n] = np.load("x.npy")
    primes = sieve(x.shape[0])
    vals = np.array([halvings(x), scalar_mix(x, 7), float(math.floor(2.5)),
                     math.sqrt(x.shape[0])])
    rescale(x, 3)
    np.save("x.npy", x)
    np.save("primes.npy", primes)
    np.save("vals.npy", vals)
