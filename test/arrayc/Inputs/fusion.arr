# The benchmark's fused workloads (issue: kernel counts), for --kernel-stats.
def sqdiff(x: f32[n], y: f32[n]) -> f32[n]:
    return (x - y) * (x - y)

def chain(x: f32[n], y: f32[n]) -> f32[n]:
    return 0.5 * sin(x) + 2.0 * exp(-y * y) * tanh(x + y)

def mse(x: f32[n], y: f32[n]) -> f32:
    return mean((x - y) ** 2)

def softmax(a: f32[r, c]) -> f32[r, c]:
    e = exp(a - max(a, axis=1, keepdims=True))
    return e / sum(e, axis=1, keepdims=True)

def layernorm(a: f32[r, c]) -> f32[r, c]:
    mu = mean(a, axis=1, keepdims=True)
    d = a - mu
    return d / sqrt(mean(d * d, axis=1, keepdims=True) + 1e-5)

def centered(a: f32[r, c]) -> f32[r, c]:
    return a - mean(a, axis=1, keepdims=True)

def scaled_product(a: f32[m, k], b: f32[k, n]) -> f32[m, n]:
    return a @ b

def repeated(x: f32[n], k: i64) -> f32[n]:
    y = x
    for i in range(k):
        y = y * 0.5 + x
    return y
