# RUN: %e2e %s
# RUN: %e2e --flag=--no-fusion %s
# Tests row-wise patterns with enough rows (>= 512) for the GPU's row-group
# kernels (arrayc-gpu-map-linalg: a warp per row of at most 1024 points, a
# block per longer row), with odd row lengths: softmax, layernorm with scale
# and shift, rows scaled by their L1 norm, an integer row centring, a 3-d
# softmax over the last axis, a column-wise normalization (reduces axis 0:
# not a row group), few long rows (fewer than 512: the per-op kernels at run
# time), many rows of 1031 points (a block per row), and many rows of 7 points
# (fewer than 32: the per-op kernels).
# INPUT: x f32 [700, 129]
# INPUT: g f32 [129]
# INPUT: b f32 [129]
# INPUT: k i32 [530, 77]
# INPUT: t f32 [3, 200, 33]
# INPUT: w f32 [6, 5000]
# INPUT: y f32 [515, 1031]
# INPUT: z f32 [600, 7]
# OUTPUT: sm 1e-5
# OUTPUT: ln 1e-5
# OUTPUT: l1 1e-5
# OUTPUT: kc
# OUTPUT: t3 1e-5
# OUTPUT: cn 1e-5
# OUTPUT: ws 1e-5
# OUTPUT: ys 1e-5
# OUTPUT: zs 1e-5
import numpy as np

def softmax(a: f32[r, c]) -> f32[r, c]:
    e = exp(a - max(a, axis=1, keepdims=True))
    return e / sum(e, axis=1, keepdims=True)

def layernorm(x: f32[r, c], g: f32[c], b: f32[c]) -> f32[r, c]:
    mu = sum(x, axis=-1, keepdims=True) / 129
    d = x - mu
    var = sum(d * d, axis=-1, keepdims=True) / 129
    return d / sqrt(var + 1e-5) * g + b

def main():
    x: f32[r, c] = np.load("x.npy")
    g: f32[c] = np.load("g.npy")
    b: f32[c] = np.load("b.npy")
    k: i32[p, q] = np.load("k.npy")
    t: f32[u, v, z] = np.load("t.npy")
    w: f32[m, n] = np.load("w.npy")
    y: f32[h, j] = np.load("y.npy")
    z: f32[o, s] = np.load("z.npy")
    np.save("sm.npy", softmax(x))
    np.save("ln.npy", layernorm(x, g, b))
    np.save("l1.npy", x / sum(abs(x), axis=1, keepdims=True))
    np.save("kc.npy", k * 77 - sum(k, axis=1, keepdims=True))
    t3 = exp(t - max(t, axis=2, keepdims=True))
    np.save("t3.npy", t3 / sum(t3, axis=2, keepdims=True))
    np.save("cn.npy", x / sum(abs(x), axis=0, keepdims=True))
    np.save("ws.npy", softmax(w))
    np.save("ys.npy", softmax(y))
    np.save("zs.npy", softmax(z))
