# RUN: %e2e %s
# Tests float16 input as NumPy 2 (seen on NumPy 2.5) handles it: computed in
# single precision, complex64 results, and irfft of a float16 array float16.
# INPUT: x f16 [33]
# INPUT: y f16 [4, 6]
# OUTPUT: fx 1e-3
# OUTPUT: rfx 1e-3
# OUTPUT: irfx 2e-3
# OUTPUT: fy 1e-3
import numpy as np

def main():
    x: f16[n] = np.load("x.npy")
    y: f16[4, 6] = np.load("y.npy")
    np.save("fx.npy", np.fft.fft(x))
    np.save("rfx.npy", np.fft.rfft(x, norm="ortho"))
    np.save("irfx.npy", np.fft.irfft(x, n=40))
    np.save("fy.npy", np.fft.ifft2(y))
