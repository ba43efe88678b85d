# RUN: %e2e %s
# A windowed-sinc low-pass FIR filter (Hamming window) designed in NumPy and
# applied by direct-form convolution in a loop over taps.
# INPUT: x f64 [400]
# OUTPUT: h
# OUTPUT: y
# JIT: design_lowpass fir
import numpy as np


def design_lowpass(numtaps, cutoff):
    n = np.arange(numtaps) - (numtaps - 1) / 2
    h = np.sinc(2 * cutoff * n) * np.hamming(numtaps)
    return h / np.sum(h)


def fir(h, x):
    y = np.zeros(len(x))
    for k, hk in enumerate(h):
        y[k:] += hk * x[:len(x) - k]
    return y


def main():
    x: f64[n] = np.load("x.npy")
    h = design_lowpass(31, 0.1)
    y = fir(h, x)
    np.save("h.npy", h)
    np.save("y.npy", y)
