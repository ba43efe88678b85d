# RUN: %e2e %s
# Inclusive and exclusive prefix sums of integer data, a Hillis-Steele scan
# written with shifted slices (log-step doubling), 2-D summed-area table and
# box sums queried from it.
# INPUT: a i64 [1000]
# INPUT: M i32 [30, 40]
# OUTPUT: incl
# OUTPUT: excl
# OUTPUT: hs
# OUTPUT: boxes
# JIT: hillis_steele summed_area box_sums
import numpy as np


def hillis_steele(a):
    x = a.copy()
    offset = 1
    while offset < len(x):
        x[offset:] = x[offset:] + x[:-offset]
        offset *= 2
    return x


def summed_area(M):
    S = np.zeros((M.shape[0] + 1, M.shape[1] + 1), dtype=np.int64)
    S[1:, 1:] = M.cumsum(axis=0).cumsum(axis=1)
    return S


def box_sums(S, k):
    return S[k:, k:] - S[:-k, k:] - S[k:, :-k] + S[:-k, :-k]


def main():
    a: i64[n] = np.load("a.npy")
    M: i32[r, c] = np.load("M.npy")
    incl = np.cumsum(a)
    excl = np.concatenate(([0], incl[:-1]))
    np.save("incl.npy", incl)
    np.save("excl.npy", excl)
    np.save("hs.npy", hillis_steele(a))
    np.save("boxes.npy", box_sums(summed_area(M), 5))
