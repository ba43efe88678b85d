# RUN: %e2e %s
# Tests random.* with sizes known only at run time (a dimension name,
# x.shape[0], len(x), x.shape): the shapes NumPy gives and values in range.
# INPUT: x f32 [9, 4]
# STDOUT-NUMPY:
import numpy as np

def main():
    x: f32[n, m] = np.load("x.npy")
    np.random.seed(3)
    u = np.random.rand(x.shape[0], 2)
    g = np.random.randn(len(x))
    k = np.random.randint(0, 10, size=x.shape)
    print(u.shape, g.shape, k.shape, np.all((u >= 0) & (u < 1)), np.all((k >= 0) & (k < 10)))
