# RUN: %e2e %s
# Tests that irfft of a run-time length-1 input (default n = 2*(m-1) = 0)
# fails at run time with NumPy's message, located, writing nothing.
# INPUT: z c64 [1]
# OUTPUT: out
# EXPECT-ERROR: error_fft_points.arr:11:24: irfft: Invalid number of FFT data points (0) specified.
import numpy as np

def main():
    z: c64[m] = np.load("z.npy")
    np.save("out.npy", np.fft.irfft(z))
