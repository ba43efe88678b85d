# RUN: %e2e %s
# Tests that math.sqrt of a negative number stops the program with Python's
# ValueError and the call's location (np.sqrt would give nan).
# INPUT: x f64 [8] positive
# EXPECT-EXIT: 1
# EXPECT-ERROR: math_module_domain.arr:13:12: ValueError: math domain error
import numpy as np
import math

def shifted_root(x):
    # x is in [0.5, 2): x[0] - 3 is negative
    s = x[0] - 3.0
    return math.sqrt(s)

def main():
    x: f64[n] = np.load("x.npy")
    r = np.array([shifted_root(x)])
    np.save("r.npy", r)
