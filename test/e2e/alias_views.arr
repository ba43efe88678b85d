# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Reference semantics within a function: names and basic views share their
# array, and a write through any of them is seen through all the others.
# INPUT: a f64 [7, 6]
# INPUT: c f32 [5]
# OUTPUT: a1
# OUTPUT: b1
# OUTPUT: t1
# OUTPUT: r1
# OUTPUT: c1
# OUTPUT: d1
# OUTPUT: e1
import numpy as np

def main():
    a: f64[n, m] = np.load("a.npy")
    c: f32[k] = np.load("c.npy")
    b = a                    # the same array
    b[0, 0] = 100.0
    v = a[1:-1, 1:-1]        # a view of the interior
    v[...] = 0.5 * v
    v[0] += 3.0
    w = v[::2, ::-1]         # a view of a view
    w[:, 0] = -1.0
    row = a[2]               # a row
    row += 10.0
    t = a.T                  # transposed view
    t[0, 1] = 7.0
    col = a[:, 2, None]      # a column with a new axis
    col *= 2.0
    r = a.reshape(a.shape[1], a.shape[0])  # a view (a is contiguous)
    r[1] = 0.25
    np.save("a1.npy", a)
    np.save("b1.npy", b)
    np.save("t1.npy", t)
    np.save("r1.npy", r)
    # A copy is not a view; rebinding a name leaves the others alone.
    d = c.copy()
    d[0] = 5.0
    e = c
    e = e * 2.0
    e[1] = -3.0
    c[2] += 1.0
    np.save("c1.npy", c)
    np.save("d1.npy", d)
    np.save("e1.npy", e)
