# RUN: %e2e %s
# Tests the array methods that are NumPy functions of the array, as NumPy
# code writes them: x.mean(axis=0), x.std(), x.cumsum(), x.argmax(),
# (x > 0).any(), x.clip(lo, hi), x.round(2), x.T.dot(y), chained methods.
# INPUT: X f64 [30, 4]
# INPUT: v f32 [50]
# OUTPUT: mu
# OUTPUT: sd
# OUTPUT: cs
# OUTPUT: stats
# OUTPUT: cl
# OUTPUT: g
import numpy as np

def standardize(X):
    return (X - X.mean(axis=0)) / X.std(axis=0, ddof=1)

def main():
    X: f64[n, k] = np.load("X.npy")
    v: f32[m] = np.load("v.npy")
    mu = X.mean(axis=0)
    sd = standardize(X).var(axis=0)
    cs = v.cumsum()
    stats = np.zeros(5)
    stats[0] = v.argmax()
    stats[1] = (v > 0).any()
    stats[2] = (v > -10).all()
    stats[3] = X.std()
    stats[4] = v.cumprod().argmin()
    cl = v.clip(-0.5, 0.5).round(2)
    g = X.T.dot(X)
    np.save("mu.npy", mu)
    np.save("sd.npy", sd)
    np.save("cs.npy", cs)
    np.save("stats.npy", stats)
    np.save("cl.npy", cl)
    np.save("g.npy", g)
