# RUN: %e2e %s
# Tests variables whose size changes in a loop or differs between the
# branches of an if, as NumPy code writes them: a smoothing pass that
# shrinks its array each sweep, a doubling while loop, a branch that picks
# arrays of different lengths; the sizes are run-time values after each.
# INPUT: x f64 [40]
# INPUT: y f64 [25]
# OUTPUT: s
# OUTPUT: g
# OUTPUT: p
# OUTPUT: q
import numpy as np

def smooth(x: f64[n], sweeps: i64) -> f64[k]:
    y = x
    for _ in range(sweeps):
        y = 0.5 * (y[1:] + y[:-1])
    return y

def doubling(n: i64) -> f64[k]:
    a = np.ones(1)
    while a.shape[0] < n:
        a = np.concatenate((a, a * 0.5))
    return a

def longer(x: f64[n], y: f64[m]) -> f64[k]:
    if x.shape[0] >= y.shape[0]:
        z = x
    else:
        z = y
    return z * 2.0

def trimmed_mean(x: f64[n]) -> f64:
    v = x
    while v.shape[0] > 4 and v[0] < v[-1]:
        v = v[1:-1]
    return np.mean(v) + v.shape[0]

def main():
    x: f64[n] = np.load("x.npy")
    y: f64[m] = np.load("y.npy")
    s = smooth(x, 5)
    g = doubling(20)
    p = np.concatenate((longer(x, y), longer(y[:3], y)))
    q = trimmed_mean(x) + trimmed_mean(y[::-1])
    np.save("s.npy", s)
    np.save("g.npy", g)
    np.save("p.npy", p)
    np.save("q.npy", q)
