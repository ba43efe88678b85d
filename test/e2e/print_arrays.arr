# RUN: %e2e %s
# Tests print with NumPy's formatting of float scalars and small arrays whose
# values are exact (inputs of one repeated value).
# INPUT: x f32 [10] range=1:1
# INPUT: k i32 [2, 3] range=4:5
# INPUT: h f64 [3] range=0.5:0.5
# STDOUT: 10.0
# STDOUT: [4 4 4]
# STDOUT: [1.5 1.5 1.5]
# STDOUT: [[8 8 8]
# STDOUT:  [8 8 8]]
# STDOUT: 24 [1. 1. 1. 1. 1. 1. 1. 1. 1. 1.]
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    k: i32[a, b] = np.load("k.npy")
    h: f64[c] = np.load("h.npy")
    print(sum(x))
    print(max(k, axis=0))
    print(h * 3)
    print(k * 2)
    print(sum(k), x)
