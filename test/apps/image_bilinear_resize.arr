# RUN: %e2e %s
# Bilinear resize of an image to a new size: source coordinates with
# np.linspace, integer floor indices clipped at the border, gathers of the
# four neighbours with fancy indexing, and weights by broadcasting.
# INPUT: img f64 [30, 40]
# OUTPUT: big
# OUTPUT: small
# JIT: resize_bilinear
import numpy as np


def resize_bilinear(img, out_h, out_w):
    h, w = img.shape
    y = np.linspace(0, h - 1, out_h)
    x = np.linspace(0, w - 1, out_w)
    y0 = np.floor(y).astype(int)
    x0 = np.floor(x).astype(int)
    y1 = np.minimum(y0 + 1, h - 1)
    x1 = np.minimum(x0 + 1, w - 1)
    wy = (y - y0)[:, None]
    wx = (x - x0)[None, :]
    Ia = img[y0[:, None], x0[None, :]]
    Ib = img[y0[:, None], x1[None, :]]
    Ic = img[y1[:, None], x0[None, :]]
    Id = img[y1[:, None], x1[None, :]]
    return (Ia * (1 - wy) * (1 - wx) + Ib * (1 - wy) * wx +
            Ic * wy * (1 - wx) + Id * wy * wx)


def main():
    img: f64[h, w] = np.load("img.npy")
    np.save("big.npy", resize_bilinear(img, 75, 90))
    np.save("small.npy", resize_bilinear(img, 13, 17))
