# RUN: %e2e %s
# Tests `//` and `%` on integers: floor semantics (the remainder takes the
# divisor's sign), x // 0 == x % 0 == 0 as NumPy gives (it only warns), and
# Python-int operands on either side.
# INPUT: a i32 [300] range=-9:10
# INPUT: b i32 [300] range=-4:5
# INPUT: c i8 [300] range=-128:128
# INPUT: d i8 [300] range=-3:3
# OUTPUT: q
# OUTPUT: r
# OUTPUT: q3
# OUTPUT: rm3
# OUTPUT: q7
# OUTPUT: q8
# OUTPUT: r8
# OUTPUT: aug
import numpy as np

def main():
    a: i32[n] = np.load("a.npy")
    b: i32[n] = np.load("b.npy")
    c: i8[n] = np.load("c.npy")
    d: i8[n] = np.load("d.npy")
    np.save("q.npy", a // b)
    np.save("r.npy", a % b)
    np.save("q3.npy", a // 3)
    np.save("rm3.npy", a % -3)
    np.save("q7.npy", 7 // b)
    np.save("q8.npy", c // d)
    np.save("r8.npy", c % d)
    x = a
    x //= 2
    x %= 5
    np.save("aug.npy", x)
