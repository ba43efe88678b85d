# RUN: %e2e %s
# Strict upper/lower parts, a symmetric matrix made from the upper triangle,
# trace and a Frobenius norm of the off-diagonal part; row by row with
# `for row in A`.
# INPUT: A f64 [16, 16]
# OUTPUT: S
# OUTPUT: tr
# OUTPUT: off
# OUTPUT: rownorms
# JIT: symmetrize row_norms
import numpy as np


def symmetrize(A):
    U = np.triu(A)
    S = U + U.T - np.diag(np.diag(A))
    off = np.linalg.norm(np.tril(S, -1))
    return S, np.trace(S), off


def row_norms(A):
    out = []
    for row in A:
        out.append(np.sqrt(np.sum(row * row)))
    return np.array(out)


def main():
    A: f64[n, n] = np.load("A.npy")
    S, tr, off = symmetrize(A)
    np.save("S.npy", S)
    np.save("tr.npy", tr)
    np.save("off.npy", off)
    np.save("rownorms.npy", row_norms(A))
