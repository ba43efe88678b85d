# RUN: %e2e %s
# Tests that Generator.integers with a bound known only at run time that the
# dtype cannot hold stops the program, located at the call.
# INPUT: x f64 [300]
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_generator_integers_dtype.arr:12:9: Generator.integers(): low/high out of bounds for u8
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    rng = np.random.default_rng(0)
    k = rng.integers(0, len(x), size=4, dtype=np.uint8)
    np.save("k.npy", k)
