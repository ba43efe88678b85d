# RUN: %e2e %s
# 3x3 box blur of a grayscale image with edge padding, written as the sum of
# nine shifted views, applied a few times in place.
# INPUT: img f64 [64, 48] range=0:1
# OUTPUT: out
# JIT: box_blur blur_n
import numpy as np


def box_blur(img):
    p = np.pad(img, 1, mode='edge')
    h, w = img.shape
    acc = np.zeros_like(img)
    for dy in range(3):
        for dx in range(3):
            acc += p[dy:dy + h, dx:dx + w]
    return acc / 9.0


def blur_n(img, n):
    for _ in range(n):
        img[:] = box_blur(img)


def main():
    img: f64[h, w] = np.load("img.npy")
    blur_n(img, 3)
    np.save("out.npy", img)
