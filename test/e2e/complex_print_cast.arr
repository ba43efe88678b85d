# RUN: %e2e %s
# Tests print of complex scalars and arrays exactly as NumPy prints them
# (two float columns; scalars as `(1+2j)`; a scalar element, not a sum,
# whose last digit would depend on the summation order), astype both ways (complex ->
# real takes the real part), dtype=c64 in creation functions, and a
# complex round trip through .npy.
# INPUT: z c64 [6]
# INPUT: w c128 [2, 3]
# INPUT: x f64 [6]
# STDOUT-NUMPY:
# OUTPUT: back
# OUTPUT: zf
# OUTPUT: xc
# OUTPUT: ones
import numpy as np

def main():
    z: c64[n] = np.load("z.npy")
    w: c128[2, 3] = np.load("w.npy")
    x: f64[n] = np.load("x.npy")
    print(z)
    print(w)
    print(w[1, 2], 2j, 1 + 0.5j, np.sum(z[0:0]))
    v = np.zeros(3, dtype=np.complex64) + 1.5 - 2j
    print(v, v.real, v.imag)
    print(z == z, np.abs(w))
    np.save("back.npy", z)
    np.save("zf.npy", z.astype(np.float32))
    np.save("xc.npy", x.astype(np.complex128) * 1j)
    np.save("ones.npy", np.ones((2, 2), dtype="complex64") * np.full((2, 2), 3j))
