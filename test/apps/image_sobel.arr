# RUN: %e2e %s
# Sobel edge detection: gradients with the two 3x3 kernels applied by a
# small correlate2d helper (double loop over kernel taps), magnitude,
# orientation, and a binary edge map by thresholding.
# INPUT: img f64 [50, 60] range=0:1
# OUTPUT: mag
# OUTPUT: theta
# OUTPUT: edges
# JIT: sobel
import numpy as np

KX = np.array([[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]], dtype=float)
KY = KX.T


def correlate2d(img, k):
    kh, kw = k.shape
    H, W = img.shape[0] - kh + 1, img.shape[1] - kw + 1
    out = np.zeros((H, W))
    for i in range(kh):
        for j in range(kw):
            out += k[i, j] * img[i:i + H, j:j + W]
    return out


def sobel(img, thresh=1.0):
    gx = correlate2d(img, KX)
    gy = correlate2d(img, KY)
    mag = np.hypot(gx, gy)
    return mag, np.arctan2(gy, gx), mag > thresh


def main():
    img: f64[h, w] = np.load("img.npy")
    mag, theta, edges = sobel(img)
    np.save("mag.npy", mag)
    np.save("theta.npy", theta)
    np.save("edges.npy", edges)
