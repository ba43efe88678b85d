# RUN: %e2e %s
# Tests ** and power: integer exponents of negative bases (must not go
# through exp/log), negative and fractional exponents, int ** int (exact,
# wrapping), f16 and f64, array exponents.
# INPUT: x f32 [400]
# INPUT: p f32 [400] positive
# INPUT: d f64 [400]
# INPUT: h f16 [400] positive
# INPUT: k i32 [400] range=-50:50
# INPUT: e i32 [400] range=0:6
# OUTPUT: sq
# OUTPUT: cube
# OUTPUT: inv
# OUTPUT: half
# OUTPUT: arr
# OUTPUT: dsq
# OUTPUT: hpow
# OUTPUT: ipow
# OUTPUT: iarr
# OUTPUT: zero
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    p: f32[n] = np.load("p.npy")
    d: f64[n] = np.load("d.npy")
    h: f16[n] = np.load("h.npy")
    k: i32[n] = np.load("k.npy")
    e: i32[n] = np.load("e.npy")
    np.save("sq.npy", x ** 2)
    np.save("cube.npy", np.power(x, 3))
    np.save("inv.npy", p ** -1)
    np.save("half.npy", p ** 0.5)
    np.save("arr.npy", p ** x)
    np.save("dsq.npy", d ** 2 - d ** 4)
    np.save("hpow.npy", h ** 1.5)
    np.save("ipow.npy", k ** 5)
    np.save("iarr.npy", k ** e)
    np.save("zero.npy", x ** 0)
