# RUN: %e2e %s
# Tests Gauss-Seidel sweeps by rows over a 4096 x 64 grid (each row uses the
# row above as just updated): 2 x 4094 iterations of slice arithmetic on
# rows selected by the loop index, under the default 8 MB stack.
# INPUT: u f64 [4096, 64]
# INPUT: f f64 [4096, 64]
# OUTPUT: g 1e-11
import numpy as np

def gauss_seidel(u0: f64[n, m], f: f64[n, m], sweeps: i64) -> f64[n, m]:
    n = u0.shape[0]
    u = u0 * 1.0
    for s in range(sweeps):
        for i in range(1, n - 1):
            u[i, 1:-1] = 0.25 * (u[i - 1, 1:-1] + u[i + 1, 1:-1] + u[i, :-2] + u[i, 2:] - f[i, 1:-1])
    return u

def main():
    u: f64[n, m] = np.load("u.npy")
    f: f64[n, m] = np.load("f.npy")
    np.save("g.npy", gauss_seidel(u, f, 2))
