# RUN: %e2e %s
# A naive conv2d layer (NCHW, stride 1, zero padding via np.pad) with nested
# loops over output pixels, then ReLU and 2x2 max pooling.
# INPUT: x f64 [2, 3, 10, 10]
# INPUT: w f64 [4, 3, 3, 3]
# INPUT: b f64 [4]
# OUTPUT: conv
# OUTPUT: pooled
# JIT: conv2d maxpool2
import numpy as np


def conv2d(x, w, b, pad=1):
    N, C, H, W = x.shape
    F, _, HH, WW = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)), mode='constant')
    Ho = H + 2 * pad - HH + 1
    Wo = W + 2 * pad - WW + 1
    out = np.zeros((N, F, Ho, Wo))
    for n in range(N):
        for f in range(F):
            for i in range(Ho):
                for j in range(Wo):
                    out[n, f, i, j] = np.sum(xp[n, :, i:i + HH, j:j + WW] * w[f]) + b[f]
    return out


def maxpool2(x):
    N, C, H, W = x.shape
    return x.reshape(N, C, H // 2, 2, W // 2, 2).max(axis=(3, 5))


def main():
    x: f64[n, c, h, w] = np.load("x.npy")
    w: f64[f, c, k, k] = np.load("w.npy")
    b: f64[f] = np.load("b.npy")
    conv = conv2d(x, w, b)
    np.save("conv.npy", conv)
    np.save("pooled.npy", maxpool2(np.maximum(conv, 0)))
