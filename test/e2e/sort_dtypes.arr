# RUN: %e2e %s
# Sorting each dtype family the cuda target sorts with CUB (f32, f64, i32,
# i64, u8, bool): NaNs last, ties in their input order (argsort with
# kind="stable"), along the last axis, along axis 0 and flattened, and
# a.sort() in place through a view of rows, as NumPy users write them.
# INPUT: x f32 [300] nan
# INPUT: y f64 [257] nan
# INPUT: k i32 [400] range=0:7
# INPUT: w i64 [301] range=-2e9:2e9
# INPUT: u u8 [200] range=0:256
# INPUT: b bool [99]
# INPUT: A f32 [6, 45] nan
# INPUT: K i64 [50, 8] range=-3:3
# OUTPUT: sx
# OUTPUT: ox
# OUTPUT: sy
# OUTPUT: oy
# OUTPUT: sk
# OUTPUT: ok
# OUTPUT: sw
# OUTPUT: su
# OUTPUT: sb
# OUTPUT: ob
# OUTPUT: S1
# OUTPUT: O1
# OUTPUT: S0
# OUTPUT: O0
# OUTPUT: K1
# OUTPUT: KO0
# OUTPUT: flat
# OUTPUT: A2
# OUTPUT: top3
import numpy as np

def sort_middle_rows(M: f32[r, c]):
    M[1:4].sort()

def top3_of(v: f64[n]) -> f64[3]:
    return np.sort(v)[::-1][:3]

def main():
    x: f32[n] = np.load("x.npy")
    y: f64[m] = np.load("y.npy")
    k: i32[p] = np.load("k.npy")
    w: i64[q] = np.load("w.npy")
    u: u8[s] = np.load("u.npy")
    b: bool[t] = np.load("b.npy")
    A: f32[r, c] = np.load("A.npy")
    K: i64[g, h] = np.load("K.npy")
    sx = np.sort(x)
    ox = np.argsort(x, kind="stable")
    sy = np.sort(y)
    oy = y.argsort(kind="stable")
    sk = np.sort(k)
    ok = np.argsort(k, kind="stable")
    sw = np.sort(w)
    su = np.sort(u)
    sb = np.sort(b)
    ob = np.argsort(b, kind="stable")
    S1 = np.sort(A)
    O1 = np.argsort(A, axis=-1, kind="stable")
    S0 = np.sort(A, axis=0)
    O0 = np.argsort(A, axis=0, kind="stable")
    K1 = np.sort(K, axis=1)
    KO0 = np.argsort(K, axis=0, kind="stable")
    flat = np.sort(K, axis=None)
    A2 = A.copy()
    sort_middle_rows(A2)
    top3 = top3_of(np.where(np.isnan(y), -1.0, y))
    np.save("sx.npy", sx)
    np.save("ox.npy", ox)
    np.save("sy.npy", sy)
    np.save("oy.npy", oy)
    np.save("sk.npy", sk)
    np.save("ok.npy", ok)
    np.save("sw.npy", sw)
    np.save("su.npy", su)
    np.save("sb.npy", sb)
    np.save("ob.npy", ob)
    np.save("S1.npy", S1)
    np.save("O1.npy", O1)
    np.save("S0.npy", S0)
    np.save("O0.npy", O0)
    np.save("K1.npy", K1)
    np.save("KO0.npy", KO0)
    np.save("flat.npy", flat)
    np.save("A2.npy", A2)
    np.save("top3.npy", top3)
