# RUN: %e2e %s
# Tests a Vandermonde matrix built as NumPy users write it: np.zeros((n, n))
# with n an argument, rows filled in a loop from a run-time slice of the
# data (checked at run time against the row's size), a result whose dims no
# parameter has, then used by the caller (matmul with the data).
# INPUT: x f64 [9]
# INPUT: c f64 [5]
# OUTPUT: V
# OUTPUT: p
# OUTPUT: W
import numpy as np

def vander(x: f64[m], n: i64) -> f64[k, k]:
    V = np.zeros((n, n))
    for i in range(n):
        V[:, i] = x[:n] ** i
    return V

def vander_rows(x: f64[m]) -> f64[m, q]:
    n = x.shape[0]
    W = np.ones((n, 4))
    for j in range(1, 4):
        W[:, j] = W[:, j - 1] * x
    return W

def main():
    x: f64[m] = np.load("x.npy")
    c: f64[r] = np.load("c.npy")
    V = vander(x, c.shape[0])
    p = V @ c
    W = vander_rows(x)
    np.save("V.npy", V)
    np.save("p.npy", p)
    np.save("W.npy", W)
