# RUN: %e2e %s
# Tests that Generator.integers with bounds known only at run time stops the
# program with NumPy's message and the call's location when high <= low.
# INPUT: x f64 [0]
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_generator_integers_range.arr:13:9: low >= high
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    rng = np.random.default_rng(0)
    n = len(x)
    k = rng.integers(0, n, size=4)
    np.save("k.npy", k)
