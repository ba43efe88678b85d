# RUN: %e2e %s
# RUN: %e2e --flag=--no-fusion %s
# Tests realistic row-wise multi-reductions: softmax and layernorm, and a
# mean-squared error, written with the spine's builtins.
# INPUT: x f32 [64, 300]
# INPUT: g f32 [300]
# INPUT: b f32 [300]
# OUTPUT: softmax 1e-5
# OUTPUT: layernorm 1e-5
# OUTPUT: mse 1e-5
import numpy as np

def softmax(a: f32[r, c]) -> f32[r, c]:
    e = exp(a - max(a, axis=1, keepdims=True))
    return e / sum(e, axis=1, keepdims=True)

def layernorm(x: f32[r, c], g: f32[c], b: f32[c]) -> f32[r, c]:
    mu = sum(x, axis=-1, keepdims=True) / 300
    d = x - mu
    var = sum(d * d, axis=-1, keepdims=True) / 300
    return d / sqrt(var + 1e-5) * g + b

def mse(x: f32[r, c], y: f32[r, c]) -> f32:
    return sum((x - y) ** 2) / 19200

def main():
    x: f32[r, c] = np.load("x.npy")
    g: f32[c] = np.load("g.npy")
    b: f32[c] = np.load("b.npy")
    s = softmax(x)
    l = layernorm(x, g, b)
    np.save("softmax.npy", s)
    np.save("layernorm.npy", l)
    np.save("mse.npy", mse(s, l))
