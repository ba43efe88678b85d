# RUN: %e2e %s
# Tests reductions whose first stage reads 16 bytes per load on the GPU:
# full sums with a remainder after the last group of 4 (n = 100003), row
# sums with the row length a multiple of the group (vector) and not (scalar
# fallback), f16 (8 per load), i8 (16 per load; NumPy sums i8 in i64),
# i64 max, f64 mean, and a sum of a fused elementwise body over two inputs
# (mse). The fill before a reduction and a 0-d op after a full one run inside
# its kernels, also for empty inputs (the fill's value, then the 0-d op) and
# a product's 1. Same answers on the CPU.
# INPUT: x f32 [100003]
# INPUT: y f32 [100003]
# INPUT: a f32 [300, 64]
# INPUT: b f32 [300, 63]
# INPUT: h f16 [5003]
# INPUT: t i8 [70001] range=-100:100
# INPUT: k i64 [4099] range=-1000000:1000000
# INPUT: d f64 [200, 40]
# INPUT: z f32 [0]
# INPUT: zz f64 [0, 5]
# OUTPUT: s_full
# OUTPUT: mse
# OUTPUT: rows64
# OUTPUT: rows63
# OUTPUT: hsum
# OUTPUT: tsum
# OUTPUT: kmax
# OUTPUT: dmean
# OUTPUT: amax
# OUTPUT: zsum
# OUTPUT: zprod
# OUTPUT: zcols
# OUTPUT: scaled
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[n] = np.load("y.npy")
    a: f32[r, c] = np.load("a.npy")
    b: f32[r, e] = np.load("b.npy")
    h: f16[m] = np.load("h.npy")
    t: i8[q] = np.load("t.npy")
    k: i64[p] = np.load("k.npy")
    d: f64[u, v] = np.load("d.npy")
    z: f32[w] = np.load("z.npy")
    zz: f64[a0, a1] = np.load("zz.npy")
    np.save("s_full.npy", np.sum(x))
    np.save("mse.npy", np.sum((x - y) ** 2) / 100003.0)
    np.save("rows64.npy", np.sum(a, axis=1))
    np.save("rows63.npy", np.sum(b * 2.0, axis=1))
    np.save("hsum.npy", np.sum(h))
    np.save("tsum.npy", np.sum(t))
    np.save("kmax.npy", np.max(k))
    np.save("dmean.npy", np.mean(d, axis=1))
    np.save("amax.npy", np.max(np.abs(a), axis=1))
    np.save("zsum.npy", np.sum(z) * 2.0 + 1.0)
    np.save("zprod.npy", np.prod(z) - 3.0)
    np.save("zcols.npy", np.sum(zz, axis=0))
    np.save("scaled.npy", np.sum(x * y) / 7.0 - np.max(x))
