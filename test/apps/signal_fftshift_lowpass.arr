# RUN: %e2e %s
# Ideal low-pass filter in the frequency domain: fft, fftshift so that zero
# frequency is centred, zero the band outside |f| < fc with a boolean mask,
# shift back and inverse transform.
# INPUT: x f64 [256]
# OUTPUT: y 1e-10
# OUTPUT: kept
# JIT: lowpass
import numpy as np


def lowpass(x, fc, d=1.0):
    X = np.fft.fftshift(np.fft.fft(x))
    f = np.fft.fftshift(np.fft.fftfreq(len(x), d))
    mask = np.abs(f) < fc
    X[~mask] = 0
    y = np.fft.ifft(np.fft.ifftshift(X)).real
    return y, mask.sum()


def main():
    x: f64[n] = np.load("x.npy")
    y, kept = lowpass(x, 0.1)
    np.save("y.npy", y)
    np.save("kept.npy", kept)
