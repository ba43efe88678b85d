# RUN: %e2e %s
# Tests that assert statements whose conditions hold do not stop the program.
# INPUT: x f32 [20] positive
# OUTPUT: y
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    assert min(x) > 0, "x must be positive"
    assert sum(x) > 0
    assert True
    for i in range(3):
        assert i < 3, "index out of range"
    np.save("y.npy", np.sqrt(x))
