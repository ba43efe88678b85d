def scale(x: f32[n], s: f32) -> f32[n]:
    return x * s

def minmax(x: f64[n, 3]) -> (f64, f64):
    return np.min(x), np.max(x)

def axpy(x: f32[n], y: f32[n]) -> f32[n]:
    return 2.0 * x + y
