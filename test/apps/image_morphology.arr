# RUN: %e2e %s
# Binary morphology with a 3x3 cross: erosion, dilation, opening, closing,
# and the morphological gradient, on a thresholded random image.
# INPUT: R f64 [48, 48] range=0:1
# OUTPUT: opened
# OUTPUT: closed
# OUTPUT: grad
# JIT: erode dilate
import numpy as np

CROSS = np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], dtype=bool)


def erode(img, se=CROSS):
    p = np.pad(img, 1, constant_values=False)
    out = np.ones_like(img)
    H, W = img.shape
    for i in range(3):
        for j in range(3):
            if se[i, j]:
                out &= p[i:i + H, j:j + W]
    return out


def dilate(img, se=CROSS):
    p = np.pad(img, 1, constant_values=False)
    out = np.zeros_like(img)
    H, W = img.shape
    for i in range(3):
        for j in range(3):
            if se[i, j]:
                out |= p[i:i + H, j:j + W]
    return out


def main():
    R: f64[h, w] = np.load("R.npy")
    img = R < 0.6
    np.save("opened.npy", dilate(erode(img)))
    np.save("closed.npy", erode(dilate(img)))
    np.save("grad.npy", dilate(img) & ~erode(img))
