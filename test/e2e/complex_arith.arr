# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests complex arithmetic and NumPy 2 promotion: c64/c128 arrays with real
# arrays and weak Python complex scalars (f32 * 1j is c64, i32 + 1j is c128),
# unary minus, **, == and !=, and abs/real/imag/conj (also of real arrays).
# INPUT: z c64 [1000]
# INPUT: w c128 [1000]
# INPUT: x f32 [1000]
# INPUT: k i32 [1000]
# INPUT: h f16 [1000]
# OUTPUT: a1
# OUTPUT: a2
# OUTPUT: a3
# OUTPUT: a4
# OUTPUT: a5
# OUTPUT: a6
# OUTPUT: a7
# OUTPUT: a8
# OUTPUT: a9
# OUTPUT: eq
# OUTPUT: ne
# OUTPUT: ab
# OUTPUT: re
# OUTPUT: im
# OUTPUT: cj
# OUTPUT: rx
# OUTPUT: ix
# OUTPUT: cx
# OUTPUT: m1
# OUTPUT: m2
# OUTPUT: lit
import numpy as np

def arith(z: c64[n], w: c128[n], x: f32[n], k: i32[n], h: f16[n]) -> (
        c128[n], c64[n], c64[n], c128[n], c128[n], c64[n], c128[n], c64[n], c128[n]):
    a1 = z + w
    a2 = z * x - 2j
    a3 = x * 1j + 1.5e3j
    a4 = k + 1j
    a5 = z / (w + 1) - z * z
    a6 = -z + h
    a7 = z ** 2 + w ** 0.5j
    a8 = (h * 2j) / (z - 0.5)
    a9 = z * k
    return a1, a2, a3, a4, a5, a6, a7, a8, a9

def main():
    z: c64[n] = np.load("z.npy")
    w: c128[n] = np.load("w.npy")
    x: f32[n] = np.load("x.npy")
    k: i32[n] = np.load("k.npy")
    h: f16[n] = np.load("h.npy")
    a1, a2, a3, a4, a5, a6, a7, a8, a9 = arith(z, w, x, k, h)
    np.save("a1.npy", a1)
    np.save("a2.npy", a2)
    np.save("a3.npy", a3)
    np.save("a4.npy", a4)
    np.save("a5.npy", a5)
    np.save("a6.npy", a6)
    np.save("a7.npy", a7)
    np.save("a8.npy", a8)
    np.save("a9.npy", a9)
    np.save("eq.npy", z == z.conj())
    np.save("ne.npy", w != z)
    np.save("ab.npy", np.abs(z) + abs(w))
    np.save("re.npy", np.real(z) + w.real)
    np.save("im.npy", np.imag(w) - z.imag)
    np.save("cj.npy", np.conj(z) * np.conjugate(w))
    np.save("rx.npy", np.real(x))
    np.save("ix.npy", np.imag(k))
    np.save("cx.npy", np.conj(h))
    np.save("m1.npy", np.multiply(z, 3j))
    np.save("m2.npy", np.add(w, x))
    np.save("lit.npy", np.abs(z * (2 + 3j) ** 2 - 1j))
