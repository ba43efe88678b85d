# RUN: %e2e %s
# Zero-coupon yield curve from a few tenors, linearly interpolated with
# np.interp at each cash-flow time; discount factors and bond prices in the
# inputs' own dtype (dtype=x.dtype, .astype(x.dtype)); the forward rates from
# np.diff; an output buffer made with np.ndarray. The forward rates divide
# differences of logs by differences of close times (40 random times: gaps
# down to ~1e-4), so a 1-ulp difference in exp/log grows by t/gap: fwd's
# tolerance is 1e-9 rather than float64's 1e-12.
# INPUT: times f64 [40] range=0.25:9.5
# INPUT: shift f64 [6] range=-0.002:0.002
# OUTPUT: df
# OUTPUT: fwd 1e-9
# OUTPUT: prices
# JIT: discount_factors forward_rates price_strip
import numpy as np

TENORS = np.array([0.5, 1.0, 2.0, 3.0, 5.0, 10.0])
ZEROS = np.array([0.030, 0.032, 0.035, 0.037, 0.040, 0.043])


def discount_factors(t, shift):
    z = np.interp(t, TENORS, ZEROS + shift)
    return np.exp(-z * t).astype(t.dtype)


def forward_rates(t, df):
    order = np.argsort(t)
    ts, ds = t[order], df[order]
    return -np.diff(np.log(ds)) / np.diff(ts)


def price_strip(df, coupon=0.04):
    out = np.ndarray(df.shape, dtype=df.dtype)
    running = np.zeros(1, dtype=df.dtype)
    for i in range(len(df)):
        running[0] += coupon * df[i]
        out[i] = running[0] + df[i]
    return out


def main():
    times: f64[n] = np.load("times.npy")
    shift: f64[k] = np.load("shift.npy")
    df = discount_factors(times, shift)
    np.save("df.npy", df)
    np.save("fwd.npy", forward_rates(times, df))
    np.save("prices.npy", price_strip(df))
