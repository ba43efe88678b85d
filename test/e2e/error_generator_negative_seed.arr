# RUN: %e2e %s
# Tests that a Generator seed known only at run time is checked then:
# NumPy's message, located at the seed.
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_generator_negative_seed.arr:10:35: expected non-negative integer
import numpy as np

def main():
    for s in range(-1, 2):
        g = np.random.default_rng(s)
        np.save("u.npy", g.random(2))
