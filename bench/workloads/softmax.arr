# softmax_8192: row softmax along axis 1 of 8192 x 8192 f32.
def softmax(a: f32[r, c]) -> f32[r, c]:
    e = exp(a - max(a, axis=1, keepdims=True))
    return e / sum(e, axis=1, keepdims=True)
