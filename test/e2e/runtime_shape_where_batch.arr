# RUN: %e2e %s
# Tests sizes known only at run time in where() of three arrays, in the
# batch dims of @ and of linalg.solve, and as the size of random arrays.
# INPUT: c bool [7]
# INPUT: x f64 [7]
# INPUT: A f64 [3, 4, 5]
# INPUT: B f64 [3, 5, 2]
# INPUT: M f64 [3, 4, 4]
# INPUT: R f64 [3, 4, 2]
# OUTPUT: w
# OUTPUT: mm
# OUTPUT: sol
# OUTPUT: shp
import numpy as np

def main():
    c: bool[n] = np.load("c.npy")
    x: f64[m] = np.load("x.npy")
    A: f64[p, 4, 5] = np.load("A.npy")
    B: f64[q, 5, 2] = np.load("B.npy")
    M: f64[r, 4, 4] = np.load("M.npy")
    R: f64[s, 4, 2] = np.load("R.npy")
    w = np.where(c, x, x[::-1] * 10.0)
    mm = A @ B
    sol = np.linalg.solve(M + 8.0 * np.eye(4), R)
    k = c.shape[0] - 2
    u = np.random.rand(k, 3)
    v = np.random.standard_normal(size=(2, k))
    shp = np.zeros(4, dtype=np.int64)
    shp[0] = u.shape[0]
    shp[1] = u.shape[1]
    shp[2] = v.shape[0]
    shp[3] = v.shape[1]
    np.save("w.npy", w)
    np.save("mm.npy", mm)
    np.save("sol.npy", sol)
    np.save("shp.npy", shp)
