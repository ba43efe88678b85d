# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests linalg.lstsq (LAPACKE gelsd) and linalg.pinv (from the SVD) as NumPy
# users fit data: a cubic fitted to noisy samples of run-time length (x,
# residuals, rank, singular values), the same fit through pinv, a
# rank-deficient design (residuals empty, rank 2), an underdetermined system
# (M < N: the minimum-norm x, residuals empty), several right-hand sides in
# f32, c128, and an explicit rcond that drops a small singular value.
# INPUT: t f64 [60]
# INPUT: noise f64 [60]
# INPUT: a f32 [8, 3]
# INPUT: bm f32 [8, 2]
# INPUT: w f64 [3, 5]
# INPUT: yw f64 [3]
# INPUT: c c128 [6, 3]
# INPUT: cb c128 [6]
# OUTPUT: coef 1e-10
# OUTPUT: res 1e-10
# OUTPUT: rank
# OUTPUT: sv 1e-10
# OUTPUT: coef2 1e-10
# OUTPUT: xd 1e-10
# OUTPUT: resd
# OUTPUT: rankd
# OUTPUT: xm 1e-5
# OUTPUT: resm 1e-4
# OUTPUT: xw 1e-10
# OUTPUT: resw
# OUTPUT: xc 1e-10
# OUTPUT: resc 1e-10
# OUTPUT: xr 1e-10
# OUTPUT: rankr
# OUTPUT: pw 1e-10
# OUTPUT: pc 1e-10
# OUTPUT: pd 1e-10
import numpy as np

def vander3(t: f64[n]) -> f64[n, 4]:
    A = np.ones((t.shape[0], 4))
    for p in range(1, 4):
        A[:, p] = A[:, p - 1] * t
    return A

def main():
    t: f64[n] = np.load("t.npy")
    noise: f64[n] = np.load("noise.npy")
    a: f32[8, 3] = np.load("a.npy")
    bm: f32[8, 2] = np.load("bm.npy")
    w: f64[3, 5] = np.load("w.npy")
    yw: f64[3] = np.load("yw.npy")
    c: c128[6, 3] = np.load("c.npy")
    cb: c128[6] = np.load("cb.npy")

    A = vander3(t)
    y = 1.0 - 2.0 * t + 0.5 * t**3 + 0.1 * noise
    coef, res, rank, sv = np.linalg.lstsq(A, y, rcond=None)
    np.save("coef.npy", coef)
    np.save("res.npy", res)
    np.save("rank.npy", rank)
    np.save("sv.npy", sv)
    np.save("coef2.npy", np.linalg.pinv(A) @ y)

    # A repeated direction: rank 2 of 3, so no residuals.
    D = np.ones((t.shape[0], 3))
    D[:, 1] = t
    D[:, 2] = 2.0 * t
    xd, resd, rankd, svd = np.linalg.lstsq(D, y, rcond=None)
    np.save("xd.npy", xd)
    np.save("resd.npy", resd)
    np.save("rankd.npy", rankd)
    np.save("pd.npy", np.linalg.pinv(D))

    xm, resm, rankm, svm = np.linalg.lstsq(a, bm, rcond=None)
    np.save("xm.npy", xm)
    np.save("resm.npy", resm)
    xw, resw, rankw, svw = np.linalg.lstsq(w, yw, rcond=None)
    np.save("xw.npy", xw)
    np.save("resw.npy", resw)
    xc, resc, rankc, svc = np.linalg.lstsq(c, cb, rcond=None)
    np.save("xc.npy", xc)
    np.save("resc.npy", resc)

    # Scaling the last column by 1e-8 puts its singular value under 1e-6 * s[0].
    S = A.copy()
    S[:, 3] = 1e-8 * S[:, 3]
    xr, resr, rankr, svr = np.linalg.lstsq(S, y, rcond=1e-6)
    np.save("xr.npy", xr)
    np.save("rankr.npy", rankr)
    np.save("pw.npy", np.linalg.pinv(w))
    np.save("pc.npy", np.linalg.pinv(c))
