# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Functions write to their arguments and the caller sees it: whole arrays,
# views passed as arguments, scalar stores in loops, in-place operators, a
# helper calling a helper, and functions that return nothing.
# INPUT: x f64 [40]
# INPUT: A f32 [9, 8]
# INPUT: s f64 []
# OUTPUT: x1
# OUTPUT: A1
# OUTPUT: y1
# OUTPUT: total
import numpy as np

def scale(v: f64[n], f: f64):
    v *= f

def clamp_negative(v: f64[n]):
    for i in range(v.shape[0]):
        if v[i] < 0.0:
            v[i] = 0.0

def both(v: f64[n], f: f64) -> f64:
    scale(v, f)
    clamp_negative(v)
    return v.sum()

def smooth_rows(M: f32[r, c]):
    M[1:-1, :] = 0.5 * (M[:-2, :] + M[2:, :])

def fill_diag(M: f32[r, c], value: f32):
    for i in range(M.shape[0]):
        if i < M.shape[1]:
            M[i, i] = value

def main():
    x: f64[n] = np.load("x.npy")
    A: f32[r, c] = np.load("A.npy")
    s: f64 = np.load("s.npy")
    y = x[::2]
    total = both(y, s)       # writes through a view of x
    scale(x[:5], 3.0)
    smooth_rows(A)
    fill_diag(A[1:, 2:], 9.0)
    np.save("x1.npy", x)
    np.save("A1.npy", A)
    np.save("y1.npy", y)
    np.save("total.npy", total)
