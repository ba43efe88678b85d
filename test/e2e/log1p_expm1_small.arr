# RUN: %e2e %s
# Tests log1p and expm1 of small arguments, where log(1 + x) and exp(x) - 1
# lose every digit (f32: log1p(1e-9) came out 0; f64 kept 7 digits): NumPy's
# libm answers to the last bits, and so must both targets.
# INPUT: x f32 [1000]
# INPUT: y f64 [1000]
# OUTPUT: l32
# OUTPUT: e32
# OUTPUT: l64
# OUTPUT: e64
# OUTPUT: mid
import numpy as np

def main():
    x: f32[1000] = np.load("x.npy")
    y: f64[1000] = np.load("y.npy")
    np.save("l32.npy", np.log1p(x * 1e-6))
    np.save("e32.npy", np.expm1(x * 1e-6))
    np.save("l64.npy", np.log1p(y * 1e-9))
    np.save("e64.npy", np.expm1(y * 1e-9))
    np.save("mid.npy", np.log1p(np.abs(x)) + np.expm1(x * 0.5))
