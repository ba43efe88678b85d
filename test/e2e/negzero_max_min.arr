# RUN: %e2e %s
# Tests maximum/minimum and max/min reductions on inputs full of +0.0 and
# -0.0 (values compared; NumPy leaves the sign of an equal pair unspecified).
# INPUT: x f64 [200] negzero
# INPUT: y f64 [200] negzero
# OUTPUT: maximum
# OUTPUT: minimum
# OUTPUT: max
# OUTPUT: min
# OUTPUT: recip
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    y: f64[n] = np.load("y.npy")
    np.save("maximum.npy", maximum(x, y))
    np.save("minimum.npy", np.minimum(x, y))
    np.save("max.npy", max(x))
    np.save("min.npy", min(y))
    np.save("recip.npy", 1.0 / (x * 0.0 - 0.0))
