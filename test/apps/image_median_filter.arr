# RUN: %e2e %s
# 3x3 median filter for salt-and-pepper noise: the nine shifted views stacked
# and np.median along the stack axis; noise injected at given positions.
# INPUT: img f64 [40, 40] range=0.2:0.8
# INPUT: noise f64 [40, 40] range=0:1
# OUTPUT: noisy
# OUTPUT: filtered
# JIT: median3x3
import numpy as np


def median3x3(img):
    p = np.pad(img, 1, mode='reflect')
    h, w = img.shape
    stack = np.stack([p[i:i + h, j:j + w] for i in range(3) for j in range(3)])
    return np.median(stack, axis=0)


def main():
    img: f64[h, w] = np.load("img.npy")
    noise: f64[h, w] = np.load("noise.npy")
    img[noise < 0.05] = 0.0
    img[noise > 0.95] = 1.0
    np.save("noisy.npy", img)
    np.save("filtered.npy", median3x3(img))
