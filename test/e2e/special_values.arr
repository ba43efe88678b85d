# RUN: %e2e %s
# Tests IEEE special values: overflow to inf, log(0) = -inf, NaN from
# log/sqrt/power of negatives, division by zero, inf and NaN inputs through
# arithmetic and reductions, and saturating tanh/exp of large arguments
# (scaled by powers of 2, which are exact, so no rounding is amplified).
# INPUT: x f32 [500]
# INPUT: w f32 [500] inf
# INPUT: v f64 [300] nan
# OUTPUT: exp
# OUTPUT: logz
# OUTPUT: sqrtneg
# OUTPUT: powneg
# OUTPUT: div0
# OUTPUT: tanhbig
# OUTPUT: expneg
# OUTPUT: infs
# OUTPUT: infmax
# OUTPUT: nanmin
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    w: f32[n] = np.load("w.npy")
    v: f64[m] = np.load("v.npy")
    np.save("exp.npy", exp(x * 128))
    np.save("logz.npy", log(x * 0.0))
    np.save("sqrtneg.npy", sqrt(x))
    np.save("powneg.npy", x ** 0.5)
    np.save("div0.npy", x / (x * 0.0))
    np.save("tanhbig.npy", tanh(x * 1024))
    np.save("expneg.npy", exp(-abs(x) * 1024))
    np.save("infs.npy", w * 2 + 1)
    np.save("infmax.npy", maximum(w, x))
    np.save("nanmin.npy", min(v) + max(v * 0))
