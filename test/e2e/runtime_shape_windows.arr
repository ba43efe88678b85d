# RUN: %e2e %s
# Tests cumulative windows over two arrays whose sizes have different names
# (equal at run time): x[:i+1] @ y[:i+1], x[:i+1] * y[:j+1], A[i, :i] - B[:i]
# and a concatenation whose other axis agrees only at run time.
# INPUT: x f64 [30]
# INPUT: y f64 [30]
# INPUT: A f64 [12, 12]
# INPUT: B f64 [12]
# OUTPUT: s
# OUTPUT: t
# OUTPUT: u
# OUTPUT: w
import numpy as np

def cumdot(x: f64[n], y: f64[m]) -> f64[n]:
    s = np.zeros(x.shape[0])
    for i in range(x.shape[0]):
        s[i] = x[:i+1] @ y[:i+1]
    return s

def cumprod_sum(x: f64[n], y: f64[m]) -> f64[n]:
    t = np.zeros(len(x))
    for i in range(len(x)):
        j = i
        t[i] = np.sum(x[:i+1] * y[:j+1])
    return t

def rowdiff(A: f64[n, n], B: f64[m]) -> f64[n]:
    u = np.zeros(A.shape[0])
    for i in range(1, A.shape[0]):
        u[i] = np.sum(A[i, :i] - B[:i])
    return u

def stacked(x: f64[n], y: f64[m]) -> f64[2, k]:
    return np.stack((x + y, x - y))

def main():
    x: f64[n] = np.load("x.npy")
    y: f64[m] = np.load("y.npy")
    A: f64[p, p] = np.load("A.npy")
    B: f64[q] = np.load("B.npy")
    s = cumdot(x, y)
    t = cumprod_sum(x, y)
    u = rowdiff(A, B)
    w = np.concatenate((stacked(x, y), x[None, :] * y), axis=0)
    np.save("s.npy", s)
    np.save("t.npy", t)
    np.save("u.npy", u)
    np.save("w.npy", w)
