# RUN: %e2e %s
# Assignment through a list of a few integers, as NumPy users write it: the
# row swaps of an LU factorization with partial pivoting (`LU[[k, p]] =
# LU[[p, k]]`, `perm[[k, p]] = perm[[p, k]]`, p == k on some steps), a
# repeated index (the last write wins), negative indices, a scalar and a
# row broadcast to the listed rows, and rows of a 3-d array. Each listed
# row is written in place, one after the other, as in NumPy. Arguments
# saved after the calls.
# INPUT: A f64 [23, 23]
# INPUT: T f32 [4, 3, 5]
# INPUT: row f64 [23]
# OUTPUT: LU 1e-9
# OUTPUT: perm
# OUTPUT: A
# OUTPUT: B
# OUTPUT: v
# OUTPUT: T
# OUTPUT: row
import numpy as np


def lu_factor(A):
    n = A.shape[0]
    LU = A.copy()
    perm = np.arange(n)
    for k in range(n - 1):
        p = k + int(np.argmax(np.abs(LU[k:, k])))
        if k % 5 == 3:
            p = k
        LU[[k, p]] = LU[[p, k]]
        perm[[k, p]] = perm[[p, k]]
        LU[k + 1:, k] /= LU[k, k]
        LU[k + 1:, k + 1:] -= np.outer(LU[k + 1:, k], LU[k, k + 1:])
    return LU, perm


def shuffle_rows(B, T, row, i):
    B[[i, -1]] = B[[-1, i]]
    B[[0, 2, 4]] = 7.5
    B[[1, 3]] = row
    v = np.arange(6.0)
    v[[1, 1, 4]] = [10.0, 20.0, 30.0]
    T[[1, 0]] = T[[0, 1]] * 2
    return v


def main():
    A: f64[n, n] = np.load("A.npy")
    T: f32[a, b, c] = np.load("T.npy")
    row: f64[n] = np.load("row.npy")
    LU, perm = lu_factor(A)
    B = A.copy()
    v = shuffle_rows(B, T, row, 5)
    np.save("LU.npy", LU)
    np.save("perm.npy", perm)
    np.save("A.npy", A)
    np.save("B.npy", B)
    np.save("v.npy", v)
    np.save("T.npy", T)
    np.save("row.npy", row)
