# RUN: %e2e %s
# Tests linalg on non-finite inputs as NumPy answers them: a NaN or an inf in
# a matrix gives NaN (or inf) results from det, inv and solve -- no error and
# no crash. On cuda, cuSOLVER's getrf left finite numbers for a matrix with a
# NaN (det 277.6 where NumPy has nan); the runtime now finds such matrices
# (a device-side sum of |x|) and answers them through LAPACKE, as the cpu
# target does. Which entries of inv and solve are NaN follows the LAPACK
# build's pivot choices (NumPy's wheel and Debian's OpenBLAS differ: 18 of 36
# entries of inv), so those are compared as "some entry is NaN".
# INPUT: a f64 [6, 6]
# INPUT: b f64 [6]
# OUTPUT: det_nan
# OUTPUT: inv_nan
# OUTPUT: solve_nan
# OUTPUT: det_inf
import numpy as np

def main():
    a: f64[6, 6] = np.load("a.npy")
    b: f64[6] = np.load("b.npy")
    m = a + 6.0 * np.eye(6)
    nan = np.where(np.arange(36).reshape(6, 6) == 14, np.nan, m)
    np.save("det_nan.npy", np.linalg.det(nan))
    np.save("inv_nan.npy", np.any(np.isnan(np.linalg.inv(nan))))
    np.save("solve_nan.npy", np.any(np.isnan(np.linalg.solve(nan, b))))
    inf = np.where(np.arange(36).reshape(6, 6) == 0, np.inf, m)
    np.save("det_inf.npy", np.linalg.det(inf))
