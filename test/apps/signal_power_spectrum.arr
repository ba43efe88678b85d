# RUN: %e2e %s
# Power spectrum of a noisy two-tone signal: rfft, |X|^2 normalised, the
# frequency axis from rfftfreq, and the dominant frequency.
# INPUT: noise f64 [512]
# OUTPUT: freqs
# OUTPUT: power
# OUTPUT: peak
# JIT: spectrum
import numpy as np

FS = 256.0


def spectrum(x, fs):
    n = len(x)
    X = np.fft.rfft(x * np.hanning(n))
    power = np.abs(X) ** 2 / n
    freqs = np.fft.rfftfreq(n, d=1.0 / fs)
    peak = freqs[np.argmax(power[1:]) + 1]
    return freqs, power, peak


def main():
    noise: f64[n] = np.load("noise.npy")
    t = np.arange(len(noise)) / FS
    x = np.sin(2 * np.pi * 13.0 * t) + 0.5 * np.sin(2 * np.pi * 40.0 * t) + 0.3 * noise
    freqs, power, peak = spectrum(x, FS)
    np.save("freqs.npy", freqs)
    np.save("power.npy", power)
    np.save("peak.npy", peak)
