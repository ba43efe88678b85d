# RUN: %e2e %s
# Tests subscripts that are lists of host scalars, as a pivoting loop writes
# them: `A[[k, p]] = A[[p, k]]` swaps rows in place, read and written through
# the same argument, with p from an argmax on the device; the indices are
# bounds-checked on the host (no device check), negative ones counted from
# the end. The argument is compared after the call as well.
# INPUT: a f64 [9, 7]
# INPUT: perm i64 [9]
# OUTPUT: a
# OUTPUT: perm
# OUTPUT: r
import numpy as np

def pivot_rows(A: f64[n, m], perm: i64[n]):
    for k in range(A.shape[0] - 1):
        p = k + int(np.argmax(np.abs(A[k:, 0])))
        if p != k:
            A[[k, p]] = A[[p, k]]
            perm[[k, p]] = perm[[p, k]]
    A[[-1, 0]] = A[[0, -1]]
    return A[[0, -2, 3]]

def main():
    a: f64[n, m] = np.load("a.npy")
    perm: i64[n] = np.load("perm.npy")
    r = pivot_rows(a, perm)
    np.save("a.npy", a)
    np.save("perm.npy", perm)
    np.save("r.npy", r)
