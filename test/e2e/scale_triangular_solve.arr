# RUN: %e2e %s
# Tests forward and back substitution with the lower and upper triangles of
# a 4096 x 4096 matrix (only they are read):
# `x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]`, slices growing with i (2 x
# 4096 iterations under the default 8 MB stack).
# INPUT: a f64 [4096, 4096]
# INPUT: b f64 [4096]
# OUTPUT: x 1e-9
# OUTPUT: y 1e-9
import numpy as np

def forward(L: f64[n, n], b: f64[n]) -> f64[n]:
    n = len(b)
    x = np.zeros(n)
    for i in range(n):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]
    return x

def backward(U: f64[n, n], b: f64[n]) -> f64[n]:
    n = len(b)
    x = np.zeros(n)
    for i in range(n - 1, -1, -1):
        x[i] = (b[i] - np.dot(U[i, i+1:], x[i+1:])) / U[i, i]
    return x

def main():
    a: f64[n, n] = np.load("a.npy")
    b: f64[n] = np.load("b.npy")
    T = 0.01 * a
    for i in range(a.shape[0]):
        T[i, i] = 2.0 + abs(a[i, i])
    np.save("x.npy", forward(T, b))
    np.save("y.npy", backward(T, b))
