# RUN: %e2e %s
# Tests the function forms: add subtract multiply divide power maximum minimum,
# bare and with np., with arrays and literals.
# INPUT: x f32 [300]
# INPUT: y f32 [300] positive
# OUTPUT: add
# OUTPUT: sub
# OUTPUT: mul
# OUTPUT: div
# OUTPUT: pow
# OUTPUT: maxi
# OUTPUT: mini
# OUTPUT: clamp
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[n] = np.load("y.npy")
    np.save("add.npy", np.add(x, y))
    np.save("sub.npy", subtract(x, 1.5))
    np.save("mul.npy", np.multiply(2, x))
    np.save("div.npy", divide(x, y))
    np.save("pow.npy", np.power(y, 3))
    np.save("maxi.npy", maximum(x, y))
    np.save("mini.npy", np.minimum(x, y))
    np.save("clamp.npy", np.minimum(np.maximum(x, -0.5), 0.5))
