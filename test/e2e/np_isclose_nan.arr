# RUN: %e2e %s
# Tests isclose/allclose (rtol/atol, run-time tolerances, equal_nan, ints,
# infinities, broadcasting) and the nan-reductions (nansum nanprod nanmax
# nanmin nanmean nanvar nanstd nanargmax nanargmin) with axes, keepdims,
# ddof, all-NaN columns and integer inputs.
# INPUT: x f64 [50] nan
# INPUT: y f64 [50] nan
# INPUT: A f32 [9, 7] nan
# INPUT: K i32 [6, 5] range=-9:9
# INPUT: t f64 [] range=0:0.5
# OUTPUT: c0
# OUTPUT: c1
# OUTPUT: c2
# OUTPUT: c3
# OUTPUT: c4
# OUTPUT: c5
# OUTPUT: ns
# OUTPUT: ns0
# OUTPUT: np1
# OUTPUT: nx
# OUTPUT: nx1
# OUTPUT: nn0
# OUTPUT: nm
# OUTPUT: nm1
# OUTPUT: nv
# OUTPUT: nsd
# OUTPUT: na
# OUTPUT: na1
# OUTPUT: ki
# OUTPUT: kx
# OUTPUT: km
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    y: f64[n] = np.load("y.npy")
    A: f32[r, c] = np.load("A.npy")
    K: i32[p, q] = np.load("K.npy")
    t: f64 = np.load("t.npy")
    z = x + 1e-7 * y
    np.save("c0.npy", np.isclose(x, z))
    np.save("c1.npy", np.isclose(x, z, rtol=t, atol=0.0, equal_nan=True))
    np.save("c2.npy", np.isclose(x, y, atol=t))
    w = np.array([np.inf, -np.inf, 1.0, np.nan])
    np.save("c3.npy", np.isclose(w, np.array([np.inf, np.inf, 1.0 + 1e-12, np.nan]), equal_nan=True))
    np.save("c4.npy", np.isclose(K, K[0] + 1))
    np.save("c5.npy", np.array([np.allclose(x, x), np.allclose(x, x, equal_nan=True), np.allclose(A, A + 1e-9, equal_nan=True)]))
    B = A.copy()
    B[:, 2] = np.nan
    np.save("ns.npy", np.nansum(x))
    np.save("ns0.npy", np.nansum(A, axis=0))
    np.save("np1.npy", np.nanprod(A, axis=1, keepdims=True))
    np.save("nx.npy", np.nanmax(x))
    np.save("nx1.npy", np.nanmax(B, axis=0))
    np.save("nn0.npy", np.nanmin(B, axis=(0, 1)))
    np.save("nm.npy", np.nanmean(x))
    np.save("nm1.npy", np.nanmean(B, axis=0))
    np.save("nv.npy", np.nanvar(A, axis=1, ddof=1))
    np.save("nsd.npy", np.nanstd(B, axis=0, keepdims=True))
    np.save("na.npy", np.nanargmax(x))
    np.save("na1.npy", np.nanargmin(A, axis=1))
    np.save("ki.npy", np.nansum(K, axis=1))
    np.save("kx.npy", np.nanargmax(K, axis=0))
    np.save("km.npy", np.nanmean(K))
