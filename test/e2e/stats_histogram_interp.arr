# RUN: %e2e %s
# Histograms and interpolation as NumPy users write them: equal bins over
# the data's range (the maximum lands in the closed last bin), a given
# range that drops outliers, a density, weights, explicit edges (integer
# data on integer edges: exact ties at edges), per-bin counts recomputed
# with np.add.at, and np.interp inside and outside the sample points.
# INPUT: x f64 [300]
# INPUT: g u8 [12, 10] range=0:256
# INPUT: k i64 [80] range=0:10
# INPUT: w f64 [300]
# INPUT: t f64 [25]
# OUTPUT: h10
# OUTPUT: e10
# OUTPUT: hr
# OUTPUT: dens
# OUTPUT: hw
# OUTPUT: hk
# OUTPUT: byhand
# OUTPUT: lut
# OUTPUT: yi
# OUTPUT: yb
# OUTPUT: y0
import numpy as np

def equalize(img: u8[h, v]) -> f64[256]:
    hist, bins = np.histogram(img.flatten(), bins=256, range=(0.0, 256.0))
    cdf = hist.cumsum()
    return cdf / cdf[-1] * 255.0

def counts_by_hand(v: f64[n], edges: f64[e]) -> i64[b]:
    idx = np.searchsorted(edges, v, side='right') - 1
    idx = np.clip(idx, 0, len(edges) - 2)
    counts = np.zeros(len(edges) - 1, dtype=np.int64)
    np.add.at(counts, idx, 1)
    return counts

def main():
    x: f64[n] = np.load("x.npy")
    g: u8[a, b] = np.load("g.npy")
    k: i64[m] = np.load("k.npy")
    w: f64[n] = np.load("w.npy")
    t: f64[p] = np.load("t.npy")
    h10, e10 = np.histogram(x)
    hr, _ = np.histogram(x, bins=7, range=(-1.5, 2.0))
    dens, edges = np.histogram(x, bins=12, density=True)
    hw, _ = np.histogram(x, 5, weights=w)
    hk, _ = np.histogram(k, bins=np.array([0, 2, 3, 7, 9]))
    byhand = counts_by_hand(x, np.linspace(x.min(), x.max(), 9))
    lut = equalize(g)
    xp = np.sort(x[:20])
    fp = np.cos(xp)
    yi = np.interp(t, xp, fp)
    yb = np.interp(t * 3.0, xp, fp, left=-5.0, right=5.0)
    y0 = np.interp(0.25, [0.0, 0.5, 1.0], [1.0, 3.0, 2.0])
    np.save("h10.npy", h10)
    np.save("e10.npy", e10)
    np.save("hr.npy", hr)
    np.save("dens.npy", dens)
    np.save("hw.npy", hw)
    np.save("hk.npy", hk)
    np.save("byhand.npy", byhand)
    np.save("lut.npy", lut)
    np.save("yi.npy", yi)
    np.save("yb.npy", yb)
    np.save("y0.npy", y0)
