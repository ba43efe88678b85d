# RUN: %e2e %s
# Tests np.pad with pad widths known only at run time (an int variable, a
# computed radius, per-axis pairs mixing literals and run-time values) in
# every mode, and a padded 2-d box filter in a helper, as NumPy users write
# them.
# INPUT: x f64 [23]
# INPUT: img f32 [9, 12]
# INPUT: k i64 [] range=0:5
# OUTPUT: p0
# OUTPUT: p1
# OUTPUT: p2
# OUTPUT: p3
# OUTPUT: p4
# OUTPUT: p5
# OUTPUT: p6
# OUTPUT: blur
import numpy as np

def box_blur(img: f32[h, w], r: i64) -> f64[h, w]:
    p = np.pad(img, r, mode='reflect')
    out = np.zeros_like(img)
    for di in range(2 * r + 1):
        for dj in range(2 * r + 1):
            out += p[di:di + img.shape[0], dj:dj + img.shape[1]]
    return out / (2 * r + 1) ** 2

def main():
    x: f64[n] = np.load("x.npy")
    img: f32[h, w] = np.load("img.npy")
    k: i64 = np.load("k.npy")
    np.save("p0.npy", np.pad(x, k))
    np.save("p1.npy", np.pad(x, (k, 2 * k + 1), mode='edge'))
    np.save("p2.npy", np.pad(x, k, mode='reflect'))
    np.save("p3.npy", np.pad(x, (1, k), mode='symmetric'))
    np.save("p4.npy", np.pad(x, k + 1, mode='wrap'))
    np.save("p5.npy", np.pad(img, ((0, 0), (k, k)), constant_values=-1.0))
    np.save("p6.npy", np.pad(img, ((k, 1), (2, k)), mode='reflect'))
    np.save("blur.npy", box_blur(img, k // 2 + 1))
