import numpy as np

# A right-looking LU factorization without pivoting, dense, at the size of the
# input (n = 4096 in scripts/scale-device.sh): 4095 iterations whose slices'
# bounds depend on k. O(n^3) work: too long for CI's e2e corpus (whose banded
# version is test/e2e/scale_lu_banded.arr); run on the device, or by hand.
def lu(a: f64[n, n]) -> f64[n, n]:
    n = a.shape[0]
    A = a * 1.0
    for i in range(n):
        A[i, i] += n                # diagonally dominant: no pivoting needed
    for k in range(n - 1):
        A[k+1:, k] = A[k+1:, k] / A[k, k]
        A[k+1:, k+1:] -= np.outer(A[k+1:, k], A[k, k+1:])
    return A

def main():
    a: f64[n, n] = np.load("a.npy")
    np.save("lu.npy", lu(a))
