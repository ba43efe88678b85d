# RUN: %e2e %s
# Linear convolution through the FFT with zero padding to the next power of
# two (a run-time length), compared with the direct result.
# INPUT: a f64 [100]
# INPUT: b f64 [37]
# OUTPUT: c_fft 1e-10
# OUTPUT: c_direct
# JIT: fft_convolve
import numpy as np


def next_pow2(n):
    p = 1
    while p < n:
        p *= 2
    return p


def fft_convolve(a, b):
    n = len(a) + len(b) - 1
    nfft = next_pow2(n)
    A = np.fft.fft(a, nfft)
    B = np.fft.fft(b, nfft)
    return np.real(np.fft.ifft(A * B))[:n]


def main():
    a: f64[n] = np.load("a.npy")
    b: f64[m] = np.load("b.npy")
    np.save("c_fft.npy", fft_convolve(a, b))
    np.save("c_direct.npy", np.convolve(a, b))
