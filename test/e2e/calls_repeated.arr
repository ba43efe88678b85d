# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests a function of several kernels called again and again (on the cuda
# target its kernels are replayed as one CUDA graph from the second call on):
# the same arrays, new arrays each iteration, another size, and a call whose
# result is read on the host between calls; every result must be its own.
# INPUT: x f32 [1000]
# INPUT: y f32 [1000]
# INPUT: z f32 [37, 3]
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
# OUTPUT: d
# OUTPUT: e 1e-5
import numpy as np

def center(x: f32[n], y: f32[n]) -> f32[n]:
    m = np.sum(x) / x.size
    return (x - m) * 0.5 + np.max(y)

def rows(z: f32[r, k]) -> f32[r, k]:
    return z - np.mean(z, axis=1, keepdims=True)

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[n] = np.load("y.npy")
    z: f32[r, k] = np.load("z.npy")
    a = center(x, y)
    a1 = center(x, y)
    a2 = center(x, y)
    b = x
    for i in range(5):
        b = center(b, y)
    c = center(x[:500], y[:500])
    d = a - a1 + a2
    e = rows(z)
    t = 0.0
    for i in range(4):
        e = rows(e * 2.0)
        t = t + np.sum(e)
    np.save("a.npy", a)
    np.save("b.npy", b)
    np.save("c.npy", c)
    np.save("d.npy", d)
    np.save("e.npy", e + t)
