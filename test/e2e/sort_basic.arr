# RUN: %e2e %s
# Sorting: np.sort along the last axis, along axis 0 and flattened, argsort
# (stable: ties keep their order, as NumPy's kind='stable'), and a sorted
# copy used to pick the smallest values.
# INPUT: x f64 [40]
# INPUT: A f32 [5, 7]
# INPUT: t i32 [30] range=0:5
# OUTPUT: s
# OUTPUT: S1
# OUTPUT: S0
# OUTPUT: flat
# OUTPUT: order
# OUTPUT: ties
# OUTPUT: smallest
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    A: f32[r, c] = np.load("A.npy")
    t: i32[m] = np.load("t.npy")
    s = np.sort(x)
    S1 = np.sort(A)
    S0 = np.sort(A, axis=0)
    flat = np.sort(A, axis=None)
    order = np.argsort(x)
    ties = np.argsort(t, kind="stable")
    smallest = x[np.argsort(x)[:5]]
    np.save("s.npy", s)
    np.save("S1.npy", S1)
    np.save("S0.npy", S0)
    np.save("flat.npy", flat)
    np.save("order.npy", order)
    np.save("ties.npy", ties)
    np.save("smallest.npy", smallest)
