# RUN: %e2e %s
# RUN: %e2e --flag=--no-fusion %s
# Tests row operations over the last axis of 3-d and 4-d arrays (softmax,
# layernorm with scale and shift, logsumexp), written as NumPy users write
# them, with sizes known only at run time: arrayc-collapse-dims runs them as
# 2-d row operations (one row-group kernel on the GPU when there are at
# least 512 rows). The 4-d batch here has 2*3*90 = 540 rows; the 3-d one
# 5*7 = 35 (the per-op kernels at run time). The inputs are read again after
# the calls: collapsing views them, never writes them.
# INPUT: x f32 [2, 3, 90, 65]
# INPUT: y f64 [5, 7, 33]
# INPUT: g f32 [65]
# INPUT: b f32 [65]
# OUTPUT: sm4 1e-5
# OUTPUT: ln4 1e-5
# OUTPUT: lse4 1e-5
# OUTPUT: sm3 1e-12
# OUTPUT: ln3 1e-12
# OUTPUT: lse3 1e-12
# OUTPUT: x_after
# OUTPUT: attn 1e-5
import numpy as np

def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)

def layernorm(x, g, b):
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + 1e-5) * g + b

def logsumexp(x):
    m = np.max(x, axis=-1, keepdims=True)
    return np.log(np.sum(np.exp(x - m), axis=-1)) + m[..., 0]

def main():
    x: f32[a, h, s, d] = np.load("x.npy")
    y: f64[p, q, r] = np.load("y.npy")
    g: f32[d] = np.load("g.npy")
    b: f32[d] = np.load("b.npy")
    np.save("sm4.npy", softmax(x))
    np.save("ln4.npy", layernorm(x, g, b))
    np.save("lse4.npy", logsumexp(x))
    np.save("sm3.npy", softmax(y))
    np.save("ln3.npy", layernorm(y, 1.0, 0.0))
    np.save("lse3.npy", logsumexp(y))
    # Attention-like: scaled scores softmaxed over the last axis, in a loop
    # that updates the scores in place.
    w = x * 0.5
    for i in range(2):
        w = softmax(w * 2.0)
        w += x
    np.save("attn.npy", w)
    np.save("x_after.npy", x)
