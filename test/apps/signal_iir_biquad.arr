# RUN: %e2e %s
# A direct-form I biquad (second-order IIR) filter run sample by sample over
# several channels, coefficients in a module-level tuple.
# INPUT: x f64 [4, 300]
# OUTPUT: y
# JIT: biquad
import numpy as np

B = (0.2066, 0.4131, 0.2066)
A = (1.0, -0.3695, 0.1958)


def biquad(x, b=B, a=A):
    y = np.zeros_like(x)
    for ch in range(x.shape[0]):
        x1 = x2 = y1 = y2 = 0.0
        for n in range(x.shape[1]):
            xn = x[ch, n]
            yn = b[0] * xn + b[1] * x1 + b[2] * x2 - a[1] * y1 - a[2] * y2
            x2, x1 = x1, xn
            y2, y1 = y1, yn
            y[ch, n] = yn
    return y


def main():
    x: f64[c, n] = np.load("x.npy")
    np.save("y.npy", biquad(x))
