# RUN: %e2e %s
# Tests integer true division by zero: x/0 is +-inf, 0/0 is NaN (f64), as
# NumPy gives (it only warns).
# INPUT: a i32 [200] range=-3:4
# INPUT: b i32 [200] range=-1:2
# OUTPUT: q
# OUTPUT: r
import numpy as np

def main():
    a: i32[n] = np.load("a.npy")
    b: i32[n] = np.load("b.npy")
    np.save("q.npy", a / b)
    np.save("r.npy", b / 0)
