# RUN: %e2e %s
# Nearest-neighbour upsampling of a small image by np.repeat along both axes
# and by np.kron with a block of ones, a mosaic with np.tile, and a
# checkerboard mask from np.fromfunction applied to the mosaic.
# INPUT: img f64 [8, 6]
# OUTPUT: up
# OUTPUT: up_kron
# OUTPUT: mosaic
# JIT: upsample upsample_kron mosaic
import numpy as np


def upsample(img, k):
    return np.repeat(np.repeat(img, k, axis=0), k, axis=1)


def upsample_kron(img, k):
    return np.kron(img, np.ones((k, k)))


def mosaic(img, reps=(2, 3)):
    m = np.tile(img, reps)
    board = np.fromfunction(lambda i, j: (i + j) % 2 == 0, m.shape, dtype=int)
    return np.where(board, m, -m)


def main():
    img: f64[h, w] = np.load("img.npy")
    np.save("up.npy", upsample(img, 3))
    np.save("up_kron.npy", upsample_kron(img, 3))
    np.save("mosaic.npy", mosaic(img))
