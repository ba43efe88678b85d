# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests that np.concatenate of a list that a loop left empty (no value passed
# the test) stops the program with NumPy's ValueError at the call.
# INPUT: x f64 [20]
# EXPECT-EXIT: 1
# EXPECT-ERROR: list_concatenate_empty.arr:17:12: ValueError: need at least one array to concatenate
import numpy as np

def above(x, thr):
    parts = []
    for i in range(x.shape[0] - 2):
        if x[i] > thr:
            parts.append(x[i:i + 3].copy())
    # len() of the empty list is fine: only the join raises.
    k = len(parts)
    return np.concatenate(parts), k

def main():
    x: f64[n] = np.load("x.npy")
    y, k = above(x, 100.0)
    np.save("y.npy", y)
