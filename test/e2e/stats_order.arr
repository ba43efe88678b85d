# RUN: %e2e %s
# Order statistics as NumPy users write them: medians of a sample, of rows
# and of columns (odd and even counts), integer data (a float64 result),
# NaN propagation, percentiles and quantiles with a scalar or a list of
# levels, over the flattened array or an axis, and a resampled interval.
# INPUT: x f64 [41]
# INPUT: A f64 [6, 9]
# INPUT: k i32 [30] range=0:7
# INPUT: z f64 [20] nan
# OUTPUT: med
# OUTPUT: medrows
# OUTPUT: medcols
# OUTPUT: medint
# OUTPUT: mednan
# OUTPUT: p90
# OUTPUT: quart
# OUTPUT: qcols
# OUTPUT: qrows
# OUTPUT: qint
# OUTPUT: ci
# OUTPUT: qnan
import numpy as np

def iqr_fences(v: f64[n]) -> f64[2]:
    q = np.percentile(v, [25, 75])
    span = q[1] - q[0]
    return np.array([q[0] - 1.5 * span, q[1] + 1.5 * span])

def main():
    x: f64[n] = np.load("x.npy")
    A: f64[r, c] = np.load("A.npy")
    k: i32[m] = np.load("k.npy")
    z: f64[p] = np.load("z.npy")
    med = np.median(x)
    medrows = np.median(A, axis=1)
    medcols = np.median(A, axis=0)
    medint = np.median(k)
    mednan = np.median(z)
    p90 = np.percentile(x, 90)
    quart = np.quantile(A, [0.25, 0.5, 0.75])
    qcols = np.percentile(A, [10, 50, 100], axis=0)
    qrows = np.quantile(A, 0.3, axis=-1)
    qint = np.quantile(k, np.array([0.0, 0.33, 1.0]))
    means = np.zeros(200)
    for i in range(200):
        idx = (np.arange(len(x)) * (i + 3) + i * i) % len(x)
        means[i] = x[idx].mean()
    ci = np.concatenate([np.percentile(means, [2.5, 97.5]), iqr_fences(x)])
    qnan = np.quantile(z, [0.5, 0.9])
    np.save("med.npy", med)
    np.save("medrows.npy", medrows)
    np.save("medcols.npy", medcols)
    np.save("medint.npy", medint)
    np.save("mednan.npy", mednan)
    np.save("p90.npy", p90)
    np.save("quart.npy", quart)
    np.save("qcols.npy", qcols)
    np.save("qrows.npy", qrows)
    np.save("qint.npy", qint)
    np.save("ci.npy", ci)
    np.save("qnan.npy", qnan)
