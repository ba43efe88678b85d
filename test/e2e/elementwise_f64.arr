# RUN: %e2e %s
# Tests the elementwise builtins and operators in f64 (tolerance 1e-12).
# INPUT: x f64 [513] positive
# INPUT: z f64 [513]
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
import numpy as np

def f(x: f64[n], z: f64[n]) -> (f64[n], f64[n], f64[n]):
    a = sqrt(x) * exp(z) - log(x) / x
    b = sin(z) + cos(z) * tanh(z) - abs(z)
    c = x ** z + x ** 2 - z ** 3
    return a, b, c

def main():
    x: f64[n] = np.load("x.npy")
    z: f64[n] = np.load("z.npy")
    a, b, c = f(x, z)
    np.save("a.npy", a)
    np.save("b.npy", b)
    np.save("c.npy", c)
