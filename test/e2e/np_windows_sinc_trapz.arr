# RUN: %e2e %s
# Tests the window functions (literal, len(x) and run-time lengths, including
# 0 and 1), sinc (float and int arrays), a windowed-sinc FIR low-pass applied
# with np.convolve, and trapz/trapezoid (dx=, x= 1-d and shaped, axis=) as
# NumPy users write them.
# INPUT: x f64 [64]
# INPUT: g f64 [30]
# INPUT: A f32 [5, 7]
# INPUT: m i64 [] range=0:40
# INPUT: i i32 [9] range=-5:5
# OUTPUT: w0
# OUTPUT: w1
# OUTPUT: w2
# OUTPUT: w3
# OUTPUT: w4
# OUTPUT: w5
# OUTPUT: w6
# OUTPUT: w7
# OUTPUT: w8
# OUTPUT: s0
# OUTPUT: s1
# OUTPUT: fir
# OUTPUT: spec
# OUTPUT: t0
# OUTPUT: t1
# OUTPUT: t2
# OUTPUT: t3
# OUTPUT: t4
import numpy as np

def lowpass(numtaps: i64, cutoff: f64) -> f64[k]:
    n = np.arange(numtaps) - (numtaps - 1) / 2.0
    h = np.sinc(2 * cutoff * n) * np.hamming(numtaps)
    return h / h.sum()

def main():
    x: f64[n] = np.load("x.npy")
    g: f64[p] = np.load("g.npy")
    A: f32[r, c] = np.load("A.npy")
    m: i64 = np.load("m.npy")
    i: i32[q] = np.load("i.npy")
    np.save("w0.npy", np.hamming(12))
    np.save("w1.npy", np.hanning(len(x)))
    np.save("w2.npy", np.blackman(m))
    np.save("w3.npy", np.bartlett(m))
    np.save("w4.npy", np.bartlett(11))
    np.save("w5.npy", np.hamming(1))
    np.save("w6.npy", np.hanning(0))
    np.save("w7.npy", np.blackman(m - 40))
    np.save("w8.npy", np.hamming(m) + np.hanning(m))
    np.save("s0.npy", np.sinc(x))
    np.save("s1.npy", np.sinc(i))
    h = lowpass(31, 0.1)
    np.save("fir.npy", np.convolve(x, h, mode='same'))
    np.save("spec.npy", np.abs(np.fft.rfft(x * np.hanning(len(x)))) ** 2)
    grid = np.sort(g)
    np.save("t0.npy", np.trapz(x))
    np.save("t1.npy", np.trapz(np.exp(-grid ** 2), grid))
    np.save("t2.npy", np.trapz(A, dx=0.5))
    np.save("t3.npy", np.trapz(A, axis=0))
    np.save("t4.npy", np.trapz(x, dx=0.25))
