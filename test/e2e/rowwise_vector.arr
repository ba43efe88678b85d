# RUN: %e2e %s
# Tests the GPU's row-group kernels that move rows 16 bytes at a time (row
# lengths a multiple of the vector width, >= 512 rows): softmax (f32, f64),
# layernorm with scale and shift (read along the row, the same for every
# row), an f16 row normalization (8 per access, f32 row sums), an integer
# row centring, a 3-d softmax over the last axis; and row lengths that are
# not a multiple (the scalar kernel behind the run-time check).
# INPUT: x f32 [600, 256]
# INPUT: g f32 [256]
# INPUT: b f32 [256]
# INPUT: d f64 [520, 64]
# INPUT: h f16 [512, 128] positive
# INPUT: k i32 [530, 76]
# INPUT: t f32 [4, 160, 32]
# INPUT: o f32 [640, 130]
# OUTPUT: sm 1e-5
# OUTPUT: ln 1e-5
# OUTPUT: dsm 1e-12
# OUTPUT: hn 2e-3
# OUTPUT: kc
# OUTPUT: t3 1e-5
# OUTPUT: osm 1e-5
import numpy as np

def softmax(a: f32[r, c]) -> f32[r, c]:
    e = exp(a - max(a, axis=1, keepdims=True))
    return e / sum(e, axis=1, keepdims=True)

def layernorm(x: f32[r, c], g: f32[c], b: f32[c]) -> f32[r, c]:
    mu = sum(x, axis=-1, keepdims=True) / 256
    d = x - mu
    var = sum(d * d, axis=-1, keepdims=True) / 256
    return d / sqrt(var + 1e-5) * g + b

def main():
    x: f32[r, c] = np.load("x.npy")
    g: f32[c] = np.load("g.npy")
    b: f32[c] = np.load("b.npy")
    d: f64[p, q] = np.load("d.npy")
    h: f16[s, e] = np.load("h.npy")
    k: i32[u, v] = np.load("k.npy")
    t: f32[a, m, n] = np.load("t.npy")
    o: f32[w, z] = np.load("o.npy")
    np.save("sm.npy", softmax(x))
    np.save("ln.npy", layernorm(x, g, b))
    de = exp(d - max(d, axis=1, keepdims=True))
    np.save("dsm.npy", de / sum(de, axis=1, keepdims=True))
    np.save("hn.npy", h / sum(h, axis=1, keepdims=True))
    np.save("kc.npy", k * 76 - sum(k, axis=1, keepdims=True))
    t3 = exp(t - max(t, axis=2, keepdims=True))
    np.save("t3.npy", t3 / sum(t3, axis=2, keepdims=True))
    np.save("osm.npy", softmax(o))
