import numpy as np

def dot(a: f64[64], b: f64[64]) -> f64:
    return np.sum(a * b)

def rows(a: f64[8, 4], v: f64[4]) -> f64[8]:
    return a @ v + 1.0

def scale(x: f64[n], s: f64) -> f64[n]:
    return x * s
