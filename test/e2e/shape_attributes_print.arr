# RUN: %e2e %s
# Tests printing .shape (static and named dims), .ndim, .size and x.shape[k].
# INPUT: x f32 [3, 5]
# INPUT: v f64 [1]
# STDOUT-NUMPY:
import numpy as np

def main():
    x: f32[n, m] = np.load("x.npy")
    v: f64[k] = np.load("v.npy")
    print(x.shape, x.ndim, x.size)
    print(v.shape, x.shape[1], x[0].shape, x[None, 1:, ::2].shape)
    print(x.T.shape, x.reshape(-1).shape)
