# RUN: %e2e %s
# Tests annotated assignments whose sizes agree only at run time: a slice
# with a run-time bound declared with the parameter's size, a new size
# name an annotation introduces, and an annotated name that aliases its
# value (a write through it is seen through the other name).
# INPUT: x f64 [30]
# OUTPUT: a
# OUTPUT: x
import numpy as np

def halves(x: f64[n], k: i64) -> f64[n]:
    head: f64[n] = x[:k] * 2.0
    tail: f64[t] = x[k - 10:]
    return head + np.sum(tail) + tail.shape[0]

def scale_first(x: f64[n]) -> None:
    v: f64[n] = x
    v[0] = -v[0]
    w: f64[h] = x[::2]
    w *= 3.0

def main():
    x: f64[n] = np.load("x.npy")
    a = halves(x, x.shape[0])
    scale_first(x)
    np.save("a.npy", a)
    np.save("x.npy", x)
