# RUN: %e2e %s
# Tests that a transform length computed at run time below 1 fails with
# NumPy's message, located, writing nothing.
# INPUT: z c128 [4]
# OUTPUT: out
# EXPECT-ERROR: error_fft_runtime_length.arr:12:24: fft: Invalid number of FFT data points (-2) specified.
import numpy as np

def main():
    z: c128[m] = np.load("z.npy")
    n = z.shape[0] - 6
    np.save("out.npy", np.fft.fft(z, n))
