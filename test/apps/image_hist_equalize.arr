# RUN: %e2e %s
# Histogram equalisation of an 8-bit image: CDF of the histogram, stretched
# from its first non-zero value, the lookup table cast to uint8, applied by
# fancy indexing.
# INPUT: img u8 [60, 70] range=40:120
# OUTPUT: eq
# OUTPUT: lut
# JIT: equalize
import numpy as np


def equalize(img):
    hist, bins = np.histogram(img.flatten(), bins=256, range=(0.0, 256.0))
    cdf = hist.cumsum()
    cdf_min = cdf[cdf > 0].min()
    lut = (cdf - cdf_min) * 255 / (cdf[-1] - cdf_min)
    lut[cdf == 0] = 0
    lut = lut.astype(np.uint8)
    return lut[img], lut


def main():
    img: u8[h, w] = np.load("img.npy")
    eq, lut = equalize(img)
    np.save("eq.npy", eq)
    np.save("lut.npy", lut)
