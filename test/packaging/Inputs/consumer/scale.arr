def scale(x: f64[n], a: f64) -> f64[n]:
    return x * a + 1.0

def total(x: f64[n]) -> f64:
    return sum(x * x)
