# RUN: %e2e %s
# Arguments whose sizes agree only at run time: slices with bounds from a
# loop passed to a function whose parameters share a dimension name, and a
# run-time size passed for a literal one (checked when the call runs).
# INPUT: x f64 [40]
# INPUT: y f64 [50]
# OUTPUT: s
# OUTPUT: t
import numpy as np

def dot_prefix(a: f64[n], b: f64[n]) -> f64:
    return a @ b

def first3(a: f64[3]) -> f64:
    return a.sum()

def main():
    x: f64[n] = np.load("x.npy")
    y: f64[m] = np.load("y.npy")
    s = np.zeros(30)
    for i in range(30):
        s[i] = dot_prefix(x[:i + 1], y[:i + 1])
    t = first3(x[5:8]) + first3(y[:3])
    np.save("s.npy", s)
    np.save("t.npy", t)
