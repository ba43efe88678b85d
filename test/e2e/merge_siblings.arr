# RUN: %e2e %s
# Elementwise results computed from the same arrays, as NumPy users write
# them: a Black-Scholes' call, put and delta (a helper called four times, run-
# time sizes), and siblings around an in-place update of an argument (`x *=
# 2` between two reads of x: the second reads the doubled values). On both
# targets the siblings become one loop nest or kernel
# (arrayc-merge-siblings). Arguments are saved after the calls too.
# INPUT: S f64 [1000] range=50:150
# INPUT: K f64 [1000] range=50:150
# INPUT: T f64 [1000] range=0.1:2
# INPUT: x f32 [300, 7]
# INPUT: y f32 [300, 7]
# OUTPUT: call
# OUTPUT: put
# OUTPUT: delta
# OUTPUT: e
# OUTPUT: s
# OUTPUT: d
# OUTPUT: S
# OUTPUT: K
# OUTPUT: T
# OUTPUT: x
# OUTPUT: y
import numpy as np


def norm_cdf(x):
    a1, a2, a3, a4, a5 = 0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429
    p = 0.3275911
    sign = np.where(x < 0, -1.0, 1.0)
    z = np.abs(x) / np.sqrt(2.0)
    t = 1.0 / (1.0 + p * z)
    y = 1.0 - (((((a5 * t + a4) * t) + a3) * t + a2) * t + a1) * t * np.exp(-z * z)
    return 0.5 * (1.0 + sign * y)


def black_scholes(S, K, T, r, sigma):
    d1 = (np.log(S / K) + (r + 0.5 * sigma**2) * T) / (sigma * np.sqrt(T))
    d2 = d1 - sigma * np.sqrt(T)
    call = S * norm_cdf(d1) - K * np.exp(-r * T) * norm_cdf(d2)
    put = K * np.exp(-r * T) * norm_cdf(-d2) - S * norm_cdf(-d1)
    return call, put, norm_cdf(d1)


def around_update(x, y):
    e = np.exp(-x * x) + y
    s = np.sin(x) * y
    x *= 2
    d = x - y
    return e, s, d


def main():
    S: f64[n] = np.load("S.npy")
    K: f64[n] = np.load("K.npy")
    T: f64[n] = np.load("T.npy")
    x: f32[m, k] = np.load("x.npy")
    y: f32[m, k] = np.load("y.npy")
    call, put, delta = black_scholes(S, K, T, 0.03, 0.25)
    e, s, d = around_update(x, y)
    np.save("call.npy", call)
    np.save("put.npy", put)
    np.save("delta.npy", delta)
    np.save("e.npy", e)
    np.save("s.npy", s)
    np.save("d.npy", d)
    np.save("S.npy", S)
    np.save("K.npy", K)
    np.save("T.npy", T)
    np.save("x.npy", x)
    np.save("y.npy", y)
