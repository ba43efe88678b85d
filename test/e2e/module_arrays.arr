# RUN: %e2e %s
# Module-level arrays read by functions, as NumPy programs keep filter taps
# and physical constants: a 3x3 kernel and its transpose (one defined from
# the other), a default argument that is a module array, a vector constant
# in a loop, a table made by a helper function, and a NumPy scalar constant.
# INPUT: img f64 [30, 41]
# INPUT: v0 f64 [50, 2]
# OUTPUT: gx
# OUTPUT: gy
# OUTPUT: smooth
# OUTPUT: v
# OUTPUT: table
# OUTPUT: half
import numpy as np

KX = np.array([[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]], dtype=float)
KY = KX.T
BOX = np.ones((3, 3)) / 9.0
GRAVITY = np.array([0.0, -9.81])
SCALE = 0.5


def powers(n):
    return np.arange(n) ** 2 * SCALE


TABLE = powers(5)
HALF = np.float32(0.5)


def correlate(img, k=BOX):
    kh, kw = k.shape
    H, W = img.shape[0] - kh + 1, img.shape[1] - kw + 1
    out = np.zeros((H, W))
    for i in range(kh):
        for j in range(kw):
            out += k[i, j] * img[i:i + H, j:j + W]
    return out


def fall(v, dt, steps):
    for s in range(steps):
        v += GRAVITY * dt


def main():
    img: f64[h, w] = np.load("img.npy")
    v: f64[n, 2] = np.load("v0.npy")
    np.save("gx.npy", correlate(img, KX))
    np.save("gy.npy", correlate(img, KY))
    np.save("smooth.npy", correlate(img))
    fall(v, 0.01, 7)
    np.save("v.npy", v)
    t = TABLE
    np.save("table.npy", t + TABLE[1:].sum())
    np.save("half.npy", HALF * img[0].astype(np.float32))
