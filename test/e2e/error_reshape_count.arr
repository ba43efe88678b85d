# RUN: %e2e %s
# Tests that reshaping to a size that does not divide (a named dim at run time)
# is a clear run-time error.
# INPUT: x f32 [7]
# EXPECT-ERROR: cannot reshape
# EXPECT-EXIT: 1
# OUTPUT: a
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    np.save("a.npy", x.reshape(2, -1))
