# RUN: %e2e %s
# Tests linalg.qr, svd, eigh and cholesky (LAPACKE geqrf/orgqr, gesdd,
# syevd/heevd, potrf) against NumPy. Where signs or bases are not unique
# the program saves invariants: q @ r, q^H q, |r|, (u * s) @ vh, u^T u,
# (v * w) @ v^H; singular values, eigenvalues and Cholesky factors are
# unique and saved as they are. f32, f64, c64, c128, stacks, wide and tall
# matrices, 1x1, 0x0 and 65x65.
# INPUT: a f64 [6, 4]
# INPUT: wide f32 [3, 5]
# INPUT: st f64 [2, 4, 3]
# INPUT: zc c128 [4, 3]
# INPUT: sa f64 [5, 3]
# INPUT: sb f32 [2, 4, 6]
# INPUT: sc c64 [4, 3]
# INPUT: h f64 [5, 5]
# INPUT: hc c128 [4, 4]
# INPUT: hb f32 [3, 4, 4]
# INPUT: one f32 [1, 1]
# INPUT: e f64 [0, 0]
# INPUT: big f64 [65, 65]
# OUTPUT: qr1 1e-10
# OUTPUT: qr2 1e-10
# OUTPUT: qr3 1e-10
# OUTPUT: qr4 1e-10
# OUTPUT: qr5 1e-10
# OUTPUT: qr6 1e-10
# OUTPUT: qr7 1e-5
# OUTPUT: qr8 1e-10
# OUTPUT: qr9 1e-10
# OUTPUT: sv1 1e-10
# OUTPUT: sv2 1e-10
# OUTPUT: sv3 1e-10
# OUTPUT: sv4 1e-10
# OUTPUT: sv5 1e-10
# OUTPUT: sv6 1e-5
# OUTPUT: sv7 1e-5
# OUTPUT: sv8 1e-5
# OUTPUT: sv9 1e-10
# OUTPUT: eh1 1e-10
# OUTPUT: eh2 1e-10
# OUTPUT: eh3 1e-10
# OUTPUT: eh4 1e-10
# OUTPUT: eh5 1e-10
# OUTPUT: eh6 1e-5
# OUTPUT: eh7 1e-10
# OUTPUT: ch1 1e-10
# OUTPUT: ch2 1e-10
# OUTPUT: ch3 1e-10
# OUTPUT: ch4 1e-6
# OUTPUT: ch5
import numpy as np

def main():
    a: f64[6, 4] = np.load("a.npy")
    wide: f32[3, 5] = np.load("wide.npy")
    st: f64[2, 4, 3] = np.load("st.npy")
    zc: c128[4, 3] = np.load("zc.npy")
    sa: f64[5, 3] = np.load("sa.npy")
    sb: f32[2, 4, 6] = np.load("sb.npy")
    sc: c64[4, 3] = np.load("sc.npy")
    h: f64[5, 5] = np.load("h.npy")
    hc: c128[4, 4] = np.load("hc.npy")
    hb: f32[3, 4, 4] = np.load("hb.npy")
    one: f32[1, 1] = np.load("one.npy")
    e: f64[0, 0] = np.load("e.npy")
    big: f64[65, 65] = np.load("big.npy")

    q, r = linalg.qr(a)
    np.save("qr1.npy", q @ r)
    np.save("qr2.npy", q.T @ q)
    np.save("qr3.npy", np.abs(r))
    qc, rc = np.linalg.qr(a, mode="complete")
    np.save("qr4.npy", qc @ rc)
    np.save("qr5.npy", qc.T @ qc)
    np.save("qr6.npy", np.abs(linalg.qr(a, mode="r")))
    qw, rw = linalg.qr(wide)
    np.save("qr7.npy", qw @ rw)
    qs, rs = linalg.qr(st)
    np.save("qr8.npy", qs @ rs)
    qz, rz = linalg.qr(zc)
    np.save("qr9.npy", qz @ rz)

    u, s, vh = linalg.svd(sa)
    np.save("sv1.npy", s)
    np.save("sv2.npy", (u[:, :3] * s) @ vh)
    np.save("sv3.npy", u.T @ u)
    u2, s2, vh2 = linalg.svd(sa, full_matrices=False)
    np.save("sv4.npy", (u2 * s2) @ vh2)
    np.save("sv5.npy", linalg.svd(sa, compute_uv=False))
    np.save("sv6.npy", np.linalg.svd(sb, compute_uv=False))
    u3, s3, vh3 = linalg.svd(sc, full_matrices=False)
    np.save("sv7.npy", (u3 * s3) @ vh3)
    np.save("sv8.npy", linalg.svd(one, compute_uv=False))
    np.save("sv9.npy", linalg.svd(big, compute_uv=False))

    sym = (h + h.T) / 2
    w, v = linalg.eigh(sym)
    np.save("eh1.npy", w)
    np.save("eh2.npy", (v * w) @ v.T)
    wu, vu = linalg.eigh(h, UPLO="U")
    np.save("eh3.npy", wu)
    herm = hc + np.conj(hc).T
    wc, vc = np.linalg.eigh(herm)
    np.save("eh4.npy", wc)
    np.save("eh5.npy", (vc * wc) @ np.conj(vc).T)
    wb, vb = linalg.eigh(hb)
    np.save("eh6.npy", wb)
    sbig = big + big.T
    wbig, vbig = linalg.eigh(sbig)
    np.save("eh7.npy", wbig)

    spd = sa @ sa.T + 5.0 * np.eye(5)
    np.save("ch1.npy", linalg.cholesky(spd))
    np.save("ch2.npy", linalg.cholesky(spd.T))
    hpd = hc @ np.conj(hc).T + 4.0 * np.eye(4)
    np.save("ch3.npy", np.linalg.cholesky(hpd))
    np.save("ch4.npy", linalg.cholesky(one * one + 1.0))
    np.save("ch5.npy", linalg.cholesky(e))
