# RUN: %e2e %s
# Tests roll (literal and run-time shifts, negative and larger than the axis,
# with and without axis, on a 3-d array) and diff (n = 1, 2, 3, along each
# axis, bools), in a helper and a loop as NumPy users write them.
# INPUT: x f64 [41]
# INPUT: T f32 [4, 6, 5]
# INPUT: m bool [30]
# INPUT: s i64 [] range=-100:100
# OUTPUT: r0
# OUTPUT: r1
# OUTPUT: r2
# OUTPUT: r3
# OUTPUT: r4
# OUTPUT: r5
# OUTPUT: lap
# OUTPUT: f0
# OUTPUT: f1
# OUTPUT: f2
# OUTPUT: f3
# OUTPUT: f4
import numpy as np

def laplacian(u: f64[n]) -> f64[n]:
    return np.roll(u, 1) - 2.0 * u + np.roll(u, -1)

def main():
    x: f64[n] = np.load("x.npy")
    T: f32[a, b, c] = np.load("T.npy")
    m: bool[q] = np.load("m.npy")
    s: i64 = np.load("s.npy")
    np.save("r0.npy", np.roll(x, 3))
    np.save("r1.npy", np.roll(x, s))
    np.save("r2.npy", np.roll(x, -45))
    np.save("r3.npy", np.roll(T, 2, axis=1))
    np.save("r4.npy", np.roll(T, s, axis=-1))
    np.save("r5.npy", np.roll(T, 7))
    u = x.copy()
    for i in range(5):
        u = u + 0.1 * laplacian(u)
    np.save("lap.npy", u)
    np.save("f0.npy", np.diff(x))
    np.save("f1.npy", np.diff(x, 3))
    np.save("f2.npy", np.diff(T, axis=0))
    np.save("f3.npy", np.diff(T, n=2, axis=1))
    np.save("f4.npy", np.diff(m))
