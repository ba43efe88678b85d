# RUN: %e2e %s
# Separable Gaussian blur of an RGB image (f32): a 1-D kernel from the sigma,
# rows then columns, a loop over channels and taps, and the
# difference of Gaussians.
# INPUT: img f32 [40, 50, 3] range=0:1
# OUTPUT: blur1 1e-5
# OUTPUT: dog 1e-4
# JIT: gaussian_blur
import numpy as np


def gaussian_kernel(sigma):
    radius = int(3 * sigma + 0.5)
    x = np.arange(-radius, radius + 1)
    k = np.exp(-x**2 / (2 * sigma**2))
    return (k / k.sum()).astype(np.float32)


def gaussian_blur(img, sigma):
    k = gaussian_kernel(sigma)
    r = len(k) // 2
    out = np.empty_like(img)
    for c in range(img.shape[2]):
        ch = np.pad(img[:, :, c], r, mode='reflect')
        tmp = np.zeros((ch.shape[0], img.shape[1]), dtype=img.dtype)
        for i, kv in enumerate(k):
            tmp += kv * ch[:, i:i + img.shape[1]]
        res = np.zeros(img.shape[:2], dtype=img.dtype)
        for i, kv in enumerate(k):
            res += kv * tmp[i:i + img.shape[0], :]
        out[:, :, c] = res
    return out


def main():
    img: f32[h, w, 3] = np.load("img.npy")
    b1 = gaussian_blur(img, 1.0)
    b2 = gaussian_blur(img, 2.0)
    np.save("blur1.npy", b1)
    np.save("dog.npy", b1 - b2)
