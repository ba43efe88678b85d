# RUN: %e2e %s
# Tests triu/tril (k literal and run-time, batched), diag of 2-d arrays
# (k above, below and beyond the edges; wide and tall), diag of 1-d arrays
# (into 2-d, with k), eye through the same mask, and trace, on run-time sizes.
# INPUT: A f64 [7, 5]
# INPUT: B i32 [3, 4, 6] range=-50:50
# INPUT: v f32 [9]
# INPUT: k i64 [] range=-3:3
# OUTPUT: u0
# OUTPUT: u1
# OUTPUT: l0
# OUTPUT: lb
# OUTPUT: ub
# OUTPUT: d0
# OUTPUT: d1
# OUTPUT: d2
# OUTPUT: d3
# OUTPUT: d4
# OUTPUT: dt
# OUTPUT: D0
# OUTPUT: D1
# OUTPUT: D2
# OUTPUT: ey
# OUTPUT: t0
# OUTPUT: t1
# OUTPUT: tb
import numpy as np

def lower_solve_matrix(A: f64[m, m]) -> f64[m, m]:
    L = np.tril(A)
    L += np.diag(np.diag(A)) * 0.5
    return L

def main():
    A: f64[r, c] = np.load("A.npy")
    B: i32[p, q, s] = np.load("B.npy")
    v: f32[n] = np.load("v.npy")
    k: i64 = np.load("k.npy")
    np.save("u0.npy", np.triu(A))
    np.save("u1.npy", np.triu(A, 2))
    np.save("l0.npy", np.tril(A, k=k))
    np.save("lb.npy", np.tril(B, -1))
    np.save("ub.npy", np.triu(B > 0, 1))
    np.save("d0.npy", np.diag(A))
    np.save("d1.npy", np.diag(A, 2))
    np.save("d2.npy", np.diag(A, -3))
    np.save("d3.npy", np.diag(A.T, 1))
    np.save("d4.npy", np.diag(A, 9))
    np.save("dt.npy", lower_solve_matrix(A[:5, :]))
    np.save("D0.npy", np.diag(v))
    np.save("D1.npy", np.diag(v, 2))
    np.save("D2.npy", np.diag(v, k=-1))
    np.save("ey.npy", np.eye(len(v), 4, k=k))
    np.save("t0.npy", np.trace(A))
    np.save("t1.npy", np.trace(A, -2))
    np.save("tb.npy", np.trace(B[0]))
