# RUN: %e2e %s
# Tests the fusion patterns of the fusion issue against NumPy (the corpus
# also runs with --no-fusion): logsumexp (a row group: max, sum of exp, the
# log), a product with a bias and relu epilogue and a scaled product (cuBLAS
# + one epilogue kernel on the GPU), a reduction broadcast back (centering),
# mean((x-y)**2) over a dynamic size (one kernel), an f16 chain with casts.
# INPUT: a f32 [520, 300]
# INPUT: w f32 [300, 40]
# INPUT: b f32 [40]
# INPUT: x f32 [70001]
# INPUT: y f32 [70001]
# INPUT: h f16 [4000]
# OUTPUT: lse 1e-6
# OUTPUT: dr 1e-5
# OUTPUT: sc 1e-5
# OUTPUT: ce 1e-5
# OUTPUT: ms 1e-6
# OUTPUT: hc 2e-3
import numpy as np

def logsumexp(a: f32[r, c]) -> f32[r]:
    m = max(a, axis=1, keepdims=True)
    return log(sum(exp(a - m), axis=1)) + m[:, 0]

def dense_relu(a: f32[m, k], w: f32[k, n], b: f32[n]) -> f32[m, n]:
    return maximum(a @ w + b, 0.0)

def main():
    a: f32[r, c] = np.load("a.npy")
    w: f32[c, n] = np.load("w.npy")
    b: f32[n] = np.load("b.npy")
    x: f32[p] = np.load("x.npy")
    y: f32[p] = np.load("y.npy")
    h: f16[q] = np.load("h.npy")
    np.save("lse.npy", logsumexp(a))
    np.save("dr.npy", dense_relu(a, w, b))
    np.save("sc.npy", 0.125 * (a @ w))
    np.save("ce.npy", a - mean(a, axis=1, keepdims=True))
    np.save("ms.npy", mean((x - y) ** 2))
    np.save("hc.npy", (h * 2.0 + 1.0).astype(np.float32) * 0.5)
