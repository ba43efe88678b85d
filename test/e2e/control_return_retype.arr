# RUN: %e2e %s
# Tests an early return followed by code that rebinds a variable with a new
# type (i32 -> f64), and a variable whose type differs across an if but is
# not used afterwards: both are fine in Python, and so in arrayc.
# INPUT: x i32 [10]
# OUTPUT: a
# OUTPUT: b
import numpy as np

def scale(x: i32[n], k: i64) -> f64[n]:
    if k > 3:
        return x * 1.0
    x = x * 0.5
    return x + k

def unused(x: i32[n], s: f64) -> i32[n]:
    y = x
    if s > 0:
        y = x / 2
    return x + 1

def main():
    x: i32[n] = np.load("x.npy")
    np.save("a.npy", scale(x, 2) + scale(x, 5))
    np.save("b.npy", unused(x, 1.5))
