# RUN: %e2e %s
# Otsu's threshold on an 8-bit image: 256-bin histogram with np.bincount,
# between-class variance for every threshold with cumulative sums, the best
# threshold, and the binary mask.
# INPUT: img u8 [80, 80] range=0:256
# OUTPUT: t
# OUTPUT: mask
# JIT: otsu
import numpy as np


def otsu(img):
    hist = np.bincount(img.ravel(), minlength=256).astype(float)
    p = hist / hist.sum()
    omega = np.cumsum(p)
    mu = np.cumsum(p * np.arange(256))
    mu_t = mu[-1]
    with np.errstate(divide='ignore', invalid='ignore'):
        sigma_b = (mu_t * omega - mu) ** 2 / (omega * (1 - omega))
    sigma_b = np.nan_to_num(sigma_b)
    t = np.argmax(sigma_b)
    return t, img > t


def main():
    img: u8[h, w] = np.load("img.npy")
    img[:, :40] //= 3
    t, mask = otsu(img)
    np.save("t.npy", t)
    np.save("mask.npy", mask)
