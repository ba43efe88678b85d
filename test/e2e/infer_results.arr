# RUN: %e2e %s
# Results without `-> ...` take the types of the top-level `return`.
# INPUT: x f32 [1000]
# INPUT: m f64 [40, 30]
# OUTPUT: o1 1e-6
# OUTPUT: o2 1e-6
# OUTPUT: o3 1e-12
import numpy as np

def normalize(x: f32[n]):
    s = np.sum(x * x)
    return x / np.sqrt(s), s

def colmeans(m: f64[r, c]):
    return np.mean(m, axis=0)

def main():
    x: f32[n] = np.load("x.npy")
    m: f64[r, c] = np.load("m.npy")
    y, s = normalize(x)
    np.save("o1.npy", y)
    np.save("o2.npy", s)
    np.save("o3.npy", colmeans(m))
