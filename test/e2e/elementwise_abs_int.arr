# RUN: %e2e %s
# Tests abs of integer arrays (i32, i64, i8), which NumPy keeps in the dtype.
# INPUT: k i32 [100]
# INPUT: a i64 [100]
# INPUT: s i8 [100]
# OUTPUT: absk
# OUTPUT: absa
# OUTPUT: abss
import numpy as np

def main():
    k: i32[n] = np.load("k.npy")
    a: i64[n] = np.load("a.npy")
    s: i8[n] = np.load("s.npy")
    np.save("absk.npy", abs(k))
    np.save("absa.npy", np.abs(a))
    np.save("abss.npy", np.absolute(s))
