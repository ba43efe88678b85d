# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests linalg.eig and eigvals (LAPACKE geev) against NumPy. Both return
# LAPACK's order, but the order is not part of the contract, so the program
# saves what does not depend on it: sum (the trace), product (the
# determinant), sum of squares, spectral radius, the relative residual
# |A v - v w| / |A| (plus 1, so both sides are about 1) and the column norms
# of v. Real and imaginary parts are saved apart: NumPy's eig gives a real
# array when every eigenvalue is real, arrayc always a complex one. f64 of a
# run-time size, an f32 stack, c128, a symmetric matrix (real eigenvalues), a
# rotation (eigenvalues +-i) and a matrix of integers.
# INPUT: a f64 [6, 6]
# INPUT: b f32 [2, 4, 4]
# INPUT: c c128 [5, 5]
# INPUT: k i32 [3, 3] range=-5:5
# OUTPUT: tr_re 1e-10
# OUTPUT: tr_im 1e-10
# OUTPUT: pr_re 1e-10
# OUTPUT: pr_im 1e-10
# OUTPUT: sq_re 1e-10
# OUTPUT: rad 1e-10
# OUTPUT: resid 1e-10
# OUTPUT: vnorm 1e-10
# OUTPUT: btr 1e-4
# OUTPUT: brad 1e-4
# OUTPUT: ctr 1e-10
# OUTPUT: cpr 1e-10
# OUTPUT: cresid 1e-10
# OUTPUT: sym_sum 1e-10
# OUTPUT: sym_max 1e-10
# OUTPUT: sym_imag
# OUTPUT: rot_imag 1e-12
# OUTPUT: ktr 1e-10
import numpy as np

def residual(a: f64[n, n], w: c128[n], v: c128[n, n]) -> f64:
    return np.linalg.norm(a @ v - v * w) / np.linalg.norm(a) + 1.0

def main():
    a: f64[n, n] = np.load("a.npy")
    b: f32[2, 4, 4] = np.load("b.npy")
    c: c128[5, 5] = np.load("c.npy")
    k: i32[3, 3] = np.load("k.npy")

    w, v = np.linalg.eig(a)
    s = np.sum(w)
    p = np.prod(w)
    np.save("tr_re.npy", np.real(s))
    np.save("tr_im.npy", np.imag(s) + 1.0)
    np.save("pr_re.npy", np.real(p))
    np.save("pr_im.npy", np.imag(p) + 1.0)
    np.save("sq_re.npy", np.real(np.sum(w * w)))
    np.save("rad.npy", np.max(np.abs(w)))
    np.save("resid.npy", residual(a, w, v))
    np.save("vnorm.npy", np.linalg.norm(v, axis=0))

    wb = np.linalg.eigvals(b)
    np.save("btr.npy", np.real(np.sum(wb, axis=-1)))
    np.save("brad.npy", np.max(np.abs(wb), axis=-1))

    wc, vc = np.linalg.eig(c)
    np.save("ctr.npy", np.sum(wc))
    np.save("cpr.npy", np.prod(wc))
    np.save("cresid.npy", np.linalg.norm(c @ vc - vc * wc) / np.linalg.norm(c) + 1.0)

    sym = a + a.T
    ws = np.linalg.eigvals(sym)
    np.save("sym_sum.npy", np.sum(np.real(ws)))
    np.save("sym_max.npy", np.max(np.real(ws)))
    np.save("sym_imag.npy", np.max(np.abs(np.imag(ws))) < 1e-12)

    rot = np.zeros((2, 2))
    rot[0, 1] = -1.0
    rot[1, 0] = 1.0
    np.save("rot_imag.npy", np.abs(np.imag(np.linalg.eigvals(rot))))
    np.save("ktr.npy", np.real(np.sum(np.linalg.eigvals(k))))
