# RUN: %e2e %s
# Tests np.array/np.asarray of numbers, run-time scalars, nested lists and
# lists of arrays (dtype from the leaves or dtype=); NumPy's scalar types
# (np.float32(x), np.int64(n), np.uint8(...)); np.ndarray(shape, dtype);
# Python's int()/float() and max()/min() of several numbers, on run-time
# values read from the inputs.
# INPUT: x f64 [37]
# INPUT: A f32 [6, 5]
# INPUT: k i64 [] range=-20:20
# INPUT: s f64 [] range=-3:3
# OUTPUT: a1
# OUTPUT: a2
# OUTPUT: a3
# OUTPUT: a4
# OUTPUT: a5
# OUTPUT: a6
# OUTPUT: a7
# OUTPUT: sc
# OUTPUT: nd
# OUTPUT: py
# OUTPUT: mx
import numpy as np

def scaled(v: f64[n], s: f64) -> f64[n]:
    w = np.asarray(v)
    w *= s
    return v

def main():
    x: f64[n] = np.load("x.npy")
    A: f32[r, c] = np.load("A.npy")
    k: i64 = np.load("k.npy")
    s: f64 = np.load("s.npy")
    np.save("a1.npy", np.array([1.0, 2.5, -3.0]))
    np.save("a2.npy", np.array([[1, 2, 3], [4, 5, k]]))
    np.save("a3.npy", np.array([s, 2, k], dtype=np.float32))
    np.save("a4.npy", np.array([x, 2 * x, x - s]))
    np.save("a5.npy", np.asarray([[A, A + 1.0]]))
    np.save("a6.npy", np.array(7) + np.array(True) + np.array([True, False]))
    np.save("a7.npy", np.array(A, dtype=np.float64) + scaled(x, s)[0])
    sc = np.float32(0.1) * np.float32(s) + np.int64(k) + np.uint8(200) + np.float64(x[3])
    np.save("sc.npy", np.array([sc, np.float32(1 / 3), np.int16(k)]))
    e = np.ndarray((3, len(x)), dtype=np.float32)
    e[:] = 1.5
    np.save("nd.npy", e)
    np.save("py.npy", np.array([int(s), int(2.9), float(k) / 4, int(-7.5), float(3)]))
    np.save("mx.npy", np.array([max(k, 3), min(k, -2, 5), max(s, 1, k), min(2.5, s), max(1, 2.5, 2)]))
