# Sorting at sizes where the cuda target's CUB radix sort matters (run by
# cub-large.test on the cuda target only): a million f32 with NaNs, sorted
# and argsorted (stable: the NaNs keep their order), i64 with many ties,
# rows of a matrix along the last axis and along axis 0, and a.sort() in
# place on a view.
# INPUT: x f32 [1000000] nan
# INPUT: t i64 [1048577] range=0:1000
# INPUT: A f64 [1000, 1000]
# INPUT: B i32 [3, 400000] range=-50:50
# OUTPUT: sx
# OUTPUT: ox
# OUTPUT: st
# OUTPUT: ot
# OUTPUT: SA1
# OUTPUT: OA0
# OUTPUT: SB
# OUTPUT: B2
import numpy as np

def sort_first_rows(M: i32[r, c]):
    M[:2].sort()

def main():
    x: f32[n] = np.load("x.npy")
    t: i64[m] = np.load("t.npy")
    A: f64[p, q] = np.load("A.npy")
    B: i32[r, c] = np.load("B.npy")
    sx = np.sort(x)
    ox = np.argsort(x, kind="stable")
    st = np.sort(t)
    ot = t.argsort(kind="stable")
    SA1 = np.sort(A)
    OA0 = np.argsort(A, axis=0, kind="stable")
    SB = np.sort(B, axis=-1)
    B2 = B.copy()
    sort_first_rows(B2)
    np.save("sx.npy", sx)
    np.save("ox.npy", ox)
    np.save("st.npy", st)
    np.save("ot.npy", ot)
    np.save("SA1.npy", SA1)
    np.save("OA0.npy", OA0)
    np.save("SB.npy", SB)
    np.save("B2.npy", B2)
