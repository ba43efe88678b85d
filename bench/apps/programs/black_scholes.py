"""Black-Scholes call and put prices and the call delta; the normal CDF through the
Abramowitz-Stegun erf approximation (test/apps/finance_black_scholes)."""
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


KERNEL = black_scholes


def book(rng, n):
    return [50 + 100 * rng.random(n), 50 + 100 * rng.random(n), 0.1 + 2 * rng.random(n)]


def inputs(rng):
    return book(rng, 1 << 22)


def small_inputs(rng):
    return book(rng, 1000)
