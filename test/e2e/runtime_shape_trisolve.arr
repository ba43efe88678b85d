# RUN: %e2e %s
# Tests a forward substitution as written in NumPy: x from np.zeros(n), each
# x[i] from a run-time row slice of L times the solved prefix of x.
# INPUT: L f64 [40, 40]
# INPUT: b f64 [40]
# OUTPUT: x 1e-9
# OUTPUT: y 1e-9
import numpy as np

def forward(L: f64[n, n], b: f64[m]) -> f64[m]:
    n = b.shape[0]
    x = np.zeros(n)
    for i in range(n):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]
    return x

def backward(U: f64[n, n], b: f64[p]) -> f64[p]:
    n = len(b)
    x = np.zeros(n)
    for i in range(n - 1, -1, -1):
        x[i] = (b[i] - np.dot(U[i, i + 1:], x[i + 1:])) / U[i, i]
    return x

def main():
    A: f64[n, n] = np.load("L.npy")
    b: f64[m] = np.load("b.npy")
    r = np.arange(A.shape[0])
    L = np.where(r[:, None] >= r, A, 0.0) + 10.0 * np.eye(A.shape[0])
    U = np.where(r[:, None] <= r, A, 0.0) + 10.0 * np.eye(A.shape[0])
    x = forward(L, b)
    y = backward(U, x)
    np.save("x.npy", x)
    np.save("y.npy", y)
