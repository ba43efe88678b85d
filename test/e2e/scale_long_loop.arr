# RUN: %e2e %s
# Tests loops of 10^6 iterations under the default 8 MB stack: each
# iteration indexes (a bounds check, a runtime call), makes small
# temporaries and reduces them, in a helper function and in `main`.
# INPUT: x f64 [16]
# OUTPUT: y 1e-12
# OUTPUT: s 1e-12
# STDOUT-NUMPY:
import numpy as np

def relax(x: f64[n], steps: i64) -> f64[n]:
    y = x * 1.0
    m = len(x)
    for i in range(steps):
        j = i % m
        y[j] = 0.5 * y[(j + 1) % m] + 0.25 * np.sum(y[:4] * 0.125)
    return y

def main():
    x: f64[n] = np.load("x.npy")
    np.save("y.npy", relax(x, 1000000))
    s = x * 0.0
    count = 0
    for i in range(1000000):
        s[i % 16] += 1.0 / (i + 1)
        count += 1
    np.save("s.npy", s)
    print(count)
