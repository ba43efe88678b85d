# RUN: %e2e %s
# Tests numpy.linalg on matrices large enough for the blocked algorithms of
# LAPACKE (cpu) and cuSOLVER (cuda, whose entry points transpose each matrix
# into a column-major copy and back): det/inv/solve of a 300x300 f64 system,
# a complex 130x130 inverse, a stack of 96x96 inverses, qr and reduced svd of a
# tall 400x150 f32 matrix (reconstructions), singular values of a wide f64
# matrix, eigh of a 300x300 symmetric matrix (eigenvalues, reconstruction),
# eigh from the upper triangle, cholesky. The second eigh reads `sym` again
# after spd was computed: CSE once merged the two calls' reads of `sym` into
# the first, and bufferization then wrote spd into sym's buffer in between.
# INPUT: a f64 [300, 300]
# INPUT: rhs f64 [300, 7]
# INPUT: ac c64 [130, 130]
# INPUT: bt f64 [2, 96, 96]
# INPUT: t f32 [400, 150]
# INPUT: w f64 [120, 260]
# OUTPUT: det 1e-8
# OUTPUT: inv 1e-9
# OUTPUT: sol 1e-9
# OUTPUT: invc 1e-4
# OUTPUT: invb 1e-9
# OUTPUT: qr_qr 1e-5
# OUTPUT: qr_absr 1e-4
# OUTPUT: svd_rec 1e-4
# OUTPUT: svd_s 1e-4
# OUTPUT: svdw 1e-10
# OUTPUT: eig_w 1e-10
# OUTPUT: eig_rec 1e-10
# OUTPUT: chol_l 1e-10
# OUTPUT: eig_wu 1e-10
import numpy as np

def main():
    a: f64[300, 300] = np.load("a.npy")
    rhs: f64[300, 7] = np.load("rhs.npy")
    ac: c64[130, 130] = np.load("ac.npy")
    bt: f64[2, 96, 96] = np.load("bt.npy")
    t: f32[400, 150] = np.load("t.npy")
    w: f64[120, 260] = np.load("w.npy")
    # I + E with E's spectral radius about 0.5: well conditioned, det of order 1.
    well = np.eye(300) + a * (0.5 / np.sqrt(300.0))
    np.save("det.npy", linalg.det(well))
    np.save("inv.npy", linalg.inv(well))
    np.save("sol.npy", linalg.solve(well, rhs))
    np.save("invc.npy", linalg.inv(ac + 24.0 * np.eye(130, dtype=np.complex64)))
    np.save("invb.npy", linalg.inv(bt + 20.0 * np.eye(96)))
    q, r = linalg.qr(t)
    np.save("qr_qr.npy", q @ r)
    np.save("qr_absr.npy", np.abs(r))
    u, s, vh = linalg.svd(t, full_matrices=False)
    np.save("svd_rec.npy", (u * s) @ vh)
    np.save("svd_s.npy", s)
    np.save("svdw.npy", linalg.svd(w, compute_uv=False))
    sym = a + a.T
    ew, ev = linalg.eigh(sym)
    np.save("eig_w.npy", ew)
    np.save("eig_rec.npy", (ev * ew) @ ev.T)
    spd = a @ a.T + 300.0 * np.eye(300)
    np.save("chol_l.npy", linalg.cholesky(spd))
    wu, vu = linalg.eigh(sym, UPLO="U")
    np.save("eig_wu.npy", wu)
