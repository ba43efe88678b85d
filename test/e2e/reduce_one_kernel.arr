# RUN: %e2e %s
# Tests the GPU's one-kernel reductions and staged row groups against NumPy.
# Reductions: full sums/max/min of sizes that give one slice (small) or
# many (the last block to arrive combines the partials), NaN propagation
# through max, integer sums, a few long rows (several outputs, each split
# over many blocks: counters per output), mean over a dynamic size, and the
# same kernels called again (the counters must be left at zero). Row groups:
# softmax and layernorm with rows staged in shared memory (<= 32 KiB: f32
# 1024, f64 2048) and not (f32 9000 > 32 KiB), and a group that also writes
# its input (never staged).
# INPUT: v f32 [1000003]
# INPUT: s f32 [300]
# INPUT: z f32 [700001] nan
# INPUT: k i64 [500000]
# INPUT: l f32 [3, 400000]
# INPUT: x f32 [600, 1024]
# INPUT: d f64 [520, 2048]
# INPUT: w f32 [512, 9000]
# OUTPUT: vs 1e-6
# OUTPUT: vs2 1e-6
# OUTPUT: vmax
# OUTPUT: smin
# OUTPUT: ss 1e-6
# OUTPUT: zmax
# OUTPUT: ks
# OUTPUT: ls 1e-6
# OUTPUT: lm
# OUTPUT: vmean 1e-6
# OUTPUT: sm 1e-5
# OUTPUT: dln 1e-12
# OUTPUT: wsm 1e-5
# OUTPUT: wln 1e-5
# OUTPUT: xc 1e-5
import numpy as np

def total(a: f32[n]) -> f32:
    return sum(a)

def softmax(a: f32[r, c]) -> f32[r, c]:
    e = exp(a - max(a, axis=1, keepdims=True))
    return e / sum(e, axis=1, keepdims=True)

def layernorm(a: f64[r, c]) -> f64[r, c]:
    mu = mean(a, axis=1, keepdims=True)
    dd = a - mu
    return dd / sqrt(mean(dd * dd, axis=1, keepdims=True) + 1e-5)

def layernorm32(a: f32[r, c]) -> f32[r, c]:
    mu = mean(a, axis=1, keepdims=True)
    dd = a - mu
    return dd / sqrt(mean(dd * dd, axis=1, keepdims=True) + 1e-5)

def main():
    v: f32[n] = np.load("v.npy")
    s: f32[m] = np.load("s.npy")
    z: f32[p] = np.load("z.npy")
    k: i64[q] = np.load("k.npy")
    l: f32[a, b] = np.load("l.npy")
    x: f32[r, c] = np.load("x.npy")
    d: f64[e, f] = np.load("d.npy")
    w: f32[g, h] = np.load("w.npy")
    np.save("vs.npy", total(v))
    np.save("vs2.npy", total(v) + total(s))
    np.save("vmax.npy", max(v))
    np.save("smin.npy", min(s))
    np.save("ss.npy", total(s))
    np.save("zmax.npy", max(z))
    np.save("ks.npy", sum(k))
    np.save("ls.npy", sum(l, axis=1))
    np.save("lm.npy", max(l, axis=1))
    np.save("vmean.npy", mean(v))
    np.save("sm.npy", softmax(x))
    np.save("dln.npy", layernorm(d))
    np.save("wsm.npy", softmax(w))
    np.save("wln.npy", layernorm32(w))
    xc = x * 1.0
    xc = xc - max(xc, axis=1, keepdims=True)
    xc = xc / sum(exp(xc), axis=1, keepdims=True)
    np.save("xc.npy", xc)
