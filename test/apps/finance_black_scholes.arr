# RUN: %e2e %s
# Black-Scholes call and put prices and the call delta for a book of options;
# the normal CDF through the Abramowitz-Stegun 7.1.26 erf approximation, as
# many pricing scripts carry it.
# INPUT: S f64 [1000] range=50:150
# INPUT: K f64 [1000] range=50:150
# INPUT: T f64 [1000] range=0.1:2
# OUTPUT: call
# OUTPUT: put
# OUTPUT: delta
# JIT: black_scholes
import numpy as np

RISK_FREE = 0.03
VOL = 0.25


def norm_cdf(x):
    a1, a2, a3, a4, a5 = 0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429
    p = 0.3275911
    sign = np.where(x < 0, -1.0, 1.0)
    z = np.abs(x) / np.sqrt(2.0)
    t = 1.0 / (1.0 + p * z)
    y = 1.0 - (((((a5 * t + a4) * t) + a3) * t + a2) * t + a1) * t * np.exp(-z * z)
    return 0.5 * (1.0 + sign * y)


def black_scholes(S, K, T, r=RISK_FREE, sigma=VOL):
    d1 = (np.log(S / K) + (r + 0.5 * sigma**2) * T) / (sigma * np.sqrt(T))
    d2 = d1 - sigma * np.sqrt(T)
    call = S * norm_cdf(d1) - K * np.exp(-r * T) * norm_cdf(d2)
    put = K * np.exp(-r * T) * norm_cdf(-d2) - S * norm_cdf(-d1)
    return call, put, norm_cdf(d1)


def main():
    S: f64[n] = np.load("S.npy")
    K: f64[n] = np.load("K.npy")
    T: f64[n] = np.load("T.npy")
    call, put, delta = black_scholes(S, K, T)
    np.save("call.npy", call)
    np.save("put.npy", put)
    np.save("delta.npy", delta)
