# RUN: %e2e %s
# Unsharp masking of an 8-bit image in float, gamma correction, and the result
# clipped and converted back to uint8 with rounding; the brightest pixel's
# position with np.unravel_index.
# INPUT: img u8 [50, 50] range=0:256
# OUTPUT: sharp
# OUTPUT: brightest
# JIT: unsharp
import numpy as np


def blur3(x):
    out = x.copy()
    out[1:-1, 1:-1] = (x[:-2, 1:-1] + x[2:, 1:-1] + x[1:-1, :-2] + x[1:-1, 2:] + x[1:-1, 1:-1]) / 5
    return out


def unsharp(img, amount=1.5, gamma=0.8):
    f = img.astype(np.float64) / 255.0
    sharp = f + amount * (f - blur3(f))
    sharp = np.clip(sharp, 0.0, 1.0) ** gamma
    return np.round(sharp * 255).astype(np.uint8)


def main():
    img: u8[h, w] = np.load("img.npy")
    sharp = unsharp(img)
    np.save("sharp.npy", sharp)
    np.save("brightest.npy", np.array(np.unravel_index(np.argmax(sharp), sharp.shape)))
