# RUN: %e2e %s
# Tests vander (N= literal and run-time, increasing=, float/int/bool), signbit
# (negative zeros), nan_to_num (defaults per dtype, nan=/posinf=/neginf=),
# column_stack, diagflat, fill_diagonal in place through a helper
# (visible to the caller) and on a tall matrix, and unravel_index (scalar and
# array indices, a run-time shape), as NumPy users write them.
# INPUT: t f64 [9]
# INPUT: u f32 [9]
# INPUT: iv i32 [6] range=-4:4
# INPUT: bv bool [5]
# INPUT: d i64 [] range=0:5
# INPUT: D f64 [7, 7]
# INPUT: T f32 [8, 5]
# INPUT: flat i64 [12] range=0:40
# OUTPUT: v0
# OUTPUT: v1
# OUTPUT: v2
# OUTPUT: v3
# OUTPUT: v4
# OUTPUT: sb0
# OUTPUT: sb1
# OUTPUT: sb2
# OUTPUT: n0
# OUTPUT: n1
# OUTPUT: n2
# OUTPUT: cs
# OUTPUT: df0
# OUTPUT: df1
# OUTPUT: fd0
# OUTPUT: fd1
# OUTPUT: ui0
# OUTPUT: ui1
# OUTPUT: ui2
# OUTPUT: ui3
import numpy as np

def zero_diagonal(W: f64[n, n]):
    np.fill_diagonal(W, 0.0)

def fit(t: f64[n], y: f64[n], degree: i64) -> f64[k]:
    X = np.vander(t, degree + 1, increasing=True)
    return np.linalg.solve(X.T @ X, X.T @ y)

def main():
    t: f64[n] = np.load("t.npy")
    u: f32[n2] = np.load("u.npy")
    iv: i32[m] = np.load("iv.npy")
    bv: bool[q] = np.load("bv.npy")
    d: i64 = np.load("d.npy")
    D: f64[a, a] = np.load("D.npy")
    T: f32[r, c] = np.load("T.npy")
    flat: i64[f] = np.load("flat.npy")
    np.save("v0.npy", np.vander(t))
    np.save("v1.npy", np.vander(u, 4, increasing=True))
    np.save("v2.npy", np.vander(iv, d))
    np.save("v3.npy", np.vander(bv, 3))
    np.save("v4.npy", fit(t, 2.0 * t ** 2 - t + 0.5, 2))
    np.save("sb0.npy", np.signbit(np.minimum(t, 0.0) * 0.0))
    np.save("sb1.npy", np.signbit(iv))
    np.save("sb2.npy", np.signbit(u))
    bad = np.where(t > 1.0, np.inf, np.where(t < -1.0, -np.inf, np.where(t < 0.0, np.nan, t)))
    np.save("n0.npy", np.nan_to_num(bad.astype(np.float32)))
    np.save("n1.npy", np.nan_to_num(bad, nan=-1.0, posinf=100.0, neginf=-100.0))
    np.save("n2.npy", np.nan_to_num(bad) > 1e300)
    np.save("cs.npy", np.column_stack((t, 2.0 * t, np.vander(t, 2))))
    np.save("df0.npy", np.diagflat(iv))
    np.save("df1.npy", np.diagflat(D[:2, :3], k=-1))
    W = D.copy()
    V = W
    zero_diagonal(W)
    np.save("fd0.npy", V)
    np.fill_diagonal(T, 7)
    np.save("fd1.npy", T)
    i, j = np.unravel_index(np.argmax(D), D.shape)
    np.save("ui0.npy", D[i, j] + i * 1000.0 + j)
    rows, cols = np.unravel_index(flat, (8, 5))
    np.save("ui1.npy", rows)
    np.save("ui2.npy", cols)
    np.save("ui3.npy", np.unravel_index(flat, T.shape)[1] * 10 + np.unravel_index(7, (T.shape[0], T.shape[1]))[0])
