def scale(x: f64[n], s: f64) -> f64[n]:
    return x * s
