# Row operations and single-axis reductions at ranks 3 and 4 (arrayc-collapse-dims),
# for --kernel-stats.
import numpy as np

def softmax4d(x: f32[a, h, q, k]) -> f32[a, h, q, k]:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)

def layernorm4d(x: f32[a, b, c, d], g: f32[d], s: f32[d]) -> f32[a, b, c, d]:
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + 1e-5) * g + s

def logsumexp3d(x: f32[a, b, c]) -> f32[a, b]:
    m = np.max(x, axis=-1, keepdims=True)
    return np.log(np.sum(np.exp(x - m), axis=-1)) + m[:, :, 0]

def sum_axis1(x: f32[a, b, c]) -> f32[a, c]:
    return x.sum(axis=1)

def max_axis1_4d(x: f32[a, b, c, d]) -> f32[a, c, d]:
    return np.max(x, axis=1)
