# A helper function called several times, for --kernel-stats: inlined before
# fusion, so the calls fuse with the caller's arithmetic.
import numpy as np

def norm_cdf(x):
    z = np.abs(x) / np.sqrt(2.0)
    t = 1.0 / (1.0 + 0.3275911 * z)
    y = 1.0 - (1.061405429 * t - 0.284496736) * t * np.exp(-z * z)
    return 0.5 * (1.0 + np.where(x < 0, -1.0, 1.0) * y)

def spread(a: f64[n], b: f64[n]) -> f64[n]:
    return norm_cdf(a) - 2.0 * norm_cdf(b - a)
