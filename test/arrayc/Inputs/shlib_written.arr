def smooth(x: f64[n]):
    x[1:-1] = 0.5 * (x[:-2] + x[2:])

def axpy(a: f64, x: f64[n], y: f64[n]) -> f64:
    y += a * x
    return np.sum(y)
