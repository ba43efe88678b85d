# RUN: %e2e %s
# RUN: %e2e --flag=--fp16 %s
# RUN: %e2e --flag=--bf16 %s
# Tests --fp16 / --bf16 (arrayc-mixed-precision) end to end; the same program
# also runs without them (the tolerances are the mixed-precision ones). f32
# products take rounded operands and accumulate in f32 (cuBLAS GemmEx on the
# GPU); an elementwise intermediate read by two kernels is stored in the
# half type; softmax's exp and division, and the sums, stay f32; arguments
# and results keep their types.
# INPUT: a f32 [96, 784]
# INPUT: b f32 [784, 64]
# INPUT: x f32 [600, 256]
# INPUT: y f32 [5000]
# INPUT: z f32 [5000]
# OUTPUT: p 1e-2
# OUTPUT: sp 1e-2
# OUTPUT: sm 1e-5
# OUTPUT: ch 2e-2
# OUTPUT: d64 1e-12
import numpy as np

def softmax(a: f32[r, c]) -> f32[r, c]:
    e = exp(a - max(a, axis=1, keepdims=True))
    return e / sum(e, axis=1, keepdims=True)

def chain(x: f32[n], y: f32[n]) -> f32[n]:
    t = x * y + 1.0
    return t * t - sum(t) / 5000.0

def main():
    a: f32[m, k] = np.load("a.npy")
    b: f32[k, n] = np.load("b.npy")
    x: f32[r, c] = np.load("x.npy")
    y: f32[q] = np.load("y.npy")
    z: f32[q] = np.load("z.npy")
    np.save("p.npy", a @ b)
    np.save("sp.npy", (a * 0.5 + 1.0) @ b)
    np.save("sm.npy", softmax(x))
    np.save("ch.npy", chain(y, z))
    np.save("d64.npy", a.astype(np.float64) @ b.astype(np.float64))
