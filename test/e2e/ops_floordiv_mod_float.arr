# RUN: %e2e %s
# Tests `//` and `%` on floats: floor division, the remainder's sign follows
# the divisor (zeros too), and division by zero gives +-inf / nan as NumPy.
# INPUT: x f64 [300] range=-10:10
# INPUT: k i32 [300] range=-2:3
# INPUT: s f32 [300]
# OUTPUT: q
# OUTPUT: r signbit
# OUTPUT: qh
# OUTPUT: rh signbit
# OUTPUT: q32
# OUTPUT: r32 signbit
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    k: i32[n] = np.load("k.npy")
    s: f32[n] = np.load("s.npy")
    y = k * 1.0
    np.save("q.npy", x // y)
    np.save("r.npy", x % y)
    np.save("qh.npy", x // -0.75)
    np.save("rh.npy", (x - x) % -2.0)
    np.save("q32.npy", s // 0.5)
    np.save("r32.npy", s % -0.5)
