# RUN: %e2e %s
# Tests computed indices: x[i], x[-i], x[i, :], x[i:j], x[i:j:k] with a literal
# k, x[:n-1], run-time slice bounds that clamp, indexed and augmented indexed
# assignment with computed indices, and sizes as values.
# INPUT: x f32 [12]
# INPUT: m f32 [4, 6]
# STDOUT-NUMPY:
# OUTPUT: z
# OUTPUT: w
import numpy as np

def row(m: f32[r, c], i: i64) -> f32[c]:
    return m[i, :]

def main():
    x: f32[n] = np.load("x.npy")
    m: f32[r, c] = np.load("m.npy")
    n = len(x)
    r, c = m.shape
    j = np.argmax(x)
    i = 2
    print(x[i], x[-i], x[j], m[i, 1], row(m, 3))
    print(x[i:j], x[j:i:-1], x[i:i + 100], x[-100:i], x[:n - 1])
    print(x[i:n:3], m[1:i + 1, i:])
    z = np.zeros((n, 3))
    for k in range(len(x)):
        z[k, :] = x[k]
        z[k, k % 3] += 1
    z[1:-1] *= 2
    z[0] -= z[n - 1]
    np.save("z.npy", z)
    w = np.ones(m.shape, dtype=np.int32)
    w[i, :] = np.arange(c)
    w[i - 1, 1:] = 7
    w[0] += 3
    np.save("w.npy", w)
    print(n * 2, len(m), m.size, m.ndim, np.full((r,), 2.5))
