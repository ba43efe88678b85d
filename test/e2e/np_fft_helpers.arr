# RUN: %e2e %s
# Tests np.fft.fftfreq/rfftfreq (literal and run-time n, even and odd, d=)
# and fftshift/ifftshift (all axes, one axis, a tuple of axes; odd sizes),
# with a centred spectrum as NumPy users compute it.
# INPUT: x f64 [17]
# INPUT: A f32 [6, 9]
# INPUT: s f64 [] range=0.1:2
# OUTPUT: f0
# OUTPUT: f1
# OUTPUT: f2
# OUTPUT: f3
# OUTPUT: f4
# OUTPUT: h0
# OUTPUT: h1
# OUTPUT: h2
# OUTPUT: h3
# OUTPUT: h4
# OUTPUT: sp
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    A: f32[r, c] = np.load("A.npy")
    s: f64 = np.load("s.npy")
    np.save("f0.npy", np.fft.fftfreq(8))
    np.save("f1.npy", np.fft.fftfreq(len(x), d=0.25))
    np.save("f2.npy", np.fft.fftfreq(A.shape[0], s))
    np.save("f3.npy", np.fft.rfftfreq(len(x)))
    np.save("f4.npy", np.fft.rfftfreq(10, d=s))
    np.save("h0.npy", np.fft.fftshift(x))
    np.save("h1.npy", np.fft.ifftshift(x))
    np.save("h2.npy", np.fft.fftshift(A))
    np.save("h3.npy", np.fft.fftshift(A, axes=1))
    np.save("h4.npy", np.fft.ifftshift(np.fft.fftshift(A, axes=(0, 1)), axes=(0, 1)))
    freqs = np.fft.fftshift(np.fft.fftfreq(len(x), d=s))
    power = np.fft.fftshift(np.abs(np.fft.fft(x)) ** 2)
    np.save("sp.npy", freqs * power)
