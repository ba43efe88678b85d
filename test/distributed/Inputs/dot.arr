import numpy as np

def dot(a: f64[n], b: f64[n]) -> f64:
    return np.sum(a * b)

def main():
    a = np.arange(64.0)
    print(dot(a, a + 1.0))
