# RUN: %e2e %s
# Searching and counting on empty data, as NumPy gives it: no unique
# values, bincount of minlength zeros, an empty searchsorted, histogram
# edges over NumPy's default range (0, 1), array_equal of empty arrays.
# INPUT: x f64 [0]
# INPUT: k i64 [0]
# OUTPUT: u
# OUTPUT: c
# OUTPUT: s
# OUTPUT: h
# OUTPUT: e
# OUTPUT: eq
# OUTPUT: f
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    k: i64[m] = np.load("k.npy")
    u = np.unique(x)
    c = np.bincount(k, minlength=3)
    s = np.searchsorted(np.sort(x), x)
    h, e = np.histogram(x, bins=4)
    eq = np.array([np.array_equal(x, x)])
    f = np.flatnonzero(x)
    np.save("u.npy", u)
    np.save("c.npy", c)
    np.save("s.npy", s)
    np.save("h.npy", h)
    np.save("e.npy", e)
    np.save("eq.npy", eq)
    np.save("f.npy", f)
