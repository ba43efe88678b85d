# RUN: %e2e %s
# Bond prices, Macaulay duration and convexity for a set of yields; the
# yield to maturity recovered by Newton's method on the price equation.
# INPUT: y f64 [25] range=0.01:0.08
# OUTPUT: prices
# OUTPUT: duration
# OUTPUT: ytm
# JIT: bond_metrics ytm_newton
import numpy as np

COUPON = 0.05
FACE = 100.0
YEARS = 10


def cashflows(coupon=COUPON, face=FACE, years=YEARS):
    cf = np.full(years, coupon * face)
    cf[-1] += face
    return np.arange(1, years + 1), cf


def bond_metrics(yields):
    t, cf = cashflows()
    disc = (1 + yields[:, None]) ** (-t[None, :])
    price = (cf * disc).sum(axis=1)
    duration = (t * cf * disc).sum(axis=1) / price
    return price, duration


def ytm_newton(price, guess=0.05, tol=1e-12):
    t, cf = cashflows()
    y = guess
    for _ in range(100):
        f = np.sum(cf / (1 + y) ** t) - price
        df = np.sum(-t * cf / (1 + y) ** (t + 1))
        step = f / df
        y -= step
        if abs(step) < tol:
            break
    return y


def main():
    y: f64[n] = np.load("y.npy")
    prices, duration = bond_metrics(y)
    np.save("prices.npy", prices)
    np.save("duration.npy", duration)
    np.save("ytm.npy", np.array([ytm_newton(p) for p in prices]))
