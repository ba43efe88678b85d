# softmax4d: softmax over the last axis of a 64 x 16 x 448 x 448 f32 array (attention
# scores: batch x heads x queries x keys), as NumPy users write it.
import numpy as np

def softmax4d(x: f32[a, h, q, k]) -> f32[a, h, q, k]:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
