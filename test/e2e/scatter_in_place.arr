# RUN: %e2e %s
# Tests scatters as NumPy users write them, which the cpu target runs as
# in-place loops: partial pivoting's row swaps through a list of two
# indices in a loop over k (LU factorization, the matrix and the permutation
# changed in place in a helper), `x[idx] = v` with repeated and negative
# indices (the last write wins), and np.add.at with repeats and negative
# indices on float, complex, integer and boolean arrays.
# INPUT: A f64 [37, 37]
# INPUT: x f64 [50]
# INPUT: z c128 [20]
# OUTPUT: A
# OUTPUT: perm
# OUTPUT: x
# OUTPUT: z
# OUTPUT: counts
# OUTPUT: seen
import numpy as np

def lu_in_place(LU: f64[n, n], perm: i64[n]):
    for k in range(LU.shape[0] - 1):
        p = k + int(np.argmax(np.abs(LU[k:, k])))
        if p != k:
            LU[[k, p]] = LU[[p, k]]
            perm[[k, p]] = perm[[p, k]]
        LU[k + 1:, k] /= LU[k, k]
        LU[k + 1:, k + 1:] -= np.outer(LU[k + 1:, k], LU[k, k + 1:])

def main():
    A: f64[n, n] = np.load("A.npy")
    x: f64[m] = np.load("x.npy")
    z: c128[q] = np.load("z.npy")
    perm = np.arange(A.shape[0])
    lu_in_place(A, perm)
    idx = np.array([3, -1, 7, 3, 0, -50])
    x[idx] = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    np.add.at(x, np.array([2, 2, -2, 9, 2]), 0.5)
    np.add.at(z, np.array([1, -1, 1, 5]), np.array([1 + 2j, -1j, 3.0, 0.5j]))
    counts = np.zeros(8, dtype=np.int32)
    np.add.at(counts, np.array([1, 7, 1, -1, 0, 1]), 1)
    seen = np.zeros(6, dtype=bool)
    np.add.at(seen, np.array([4, -6, 4]), True)
    np.save("A.npy", A)
    np.save("perm.npy", perm)
    np.save("x.npy", x)
    np.save("z.npy", z)
    np.save("counts.npy", counts)
    np.save("seen.npy", seen)
