# RUN: %e2e %s
# Tests the GPU's broadcast vector kernel (elementwise ops with an operand
# read along the innermost dims only, b[j], or constant along them, a[i]):
# f32 and f16, a 3-d array with a 2-d inner operand and a column operand,
# an innermost size that is not a multiple of the width (the scalar kernel
# behind the run-time check), and a transposed outer operand.
# INPUT: x f32 [300, 64]
# INPUT: r f32 [300]
# INPUT: c f32 [64]
# INPUT: h f16 [128, 40]
# INPUT: hr f16 [128] positive
# INPUT: hc f16 [40] positive
# INPUT: t f32 [6, 50, 24]
# INPUT: m f32 [50, 24]
# INPUT: k f32 [6, 50]
# INPUT: u f32 [37, 13]
# INPUT: s f32 [64, 300]
# OUTPUT: o1 1e-6
# OUTPUT: o2 2e-3
# OUTPUT: o3 1e-6
# OUTPUT: o4 1e-6
# OUTPUT: o5 1e-6
import numpy as np

def main():
    x: f32[a, b] = np.load("x.npy")
    r: f32[a] = np.load("r.npy")
    c: f32[b] = np.load("c.npy")
    h: f16[p, q] = np.load("h.npy")
    hr: f16[p] = np.load("hr.npy")
    hc: f16[q] = np.load("hc.npy")
    t: f32[i, j, k2] = np.load("t.npy")
    m: f32[j, k2] = np.load("m.npy")
    k: f32[i, j] = np.load("k.npy")
    u: f32[e, f] = np.load("u.npy")
    s: f32[b, a] = np.load("s.npy")
    np.save("o1.npy", r[:, np.newaxis] - 2.0 * x + c)
    np.save("o2.npy", np.sqrt(hr[:, np.newaxis] + h * h + hc))
    np.save("o3.npy", t * m - k[:, :, np.newaxis])
    np.save("o4.npy", u * 3.0 + u[:, 0][:, np.newaxis])
    np.save("o5.npy", x * s.T[:, 0][:, np.newaxis] + c)
