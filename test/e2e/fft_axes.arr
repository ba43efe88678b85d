# RUN: %e2e %s
# Tests transforms of batched 2-d and 3-d arrays against NumPy: one axis
# (non-last and negative), fft2/ifft2 (default and given axes, s cropping and
# padding), fftn/ifftn (all axes, s without axes: the last len(s) axes, a
# repeated axis), rfft/irfft along an inner axis, named (run-time) sizes, and
# a size-0 batch axis.
# INPUT: a f32 [6, 17]
# INPUT: b f64 [4, 5, 6]
# INPUT: c c64 [3, 8, 7]
# INPUT: d c128 [5, 9]
# INPUT: e f64 [0, 8]
# INPUT: g i64 [4, 6]
# OUTPUT: a0 1e-5
# OUTPUT: a_neg 1e-5
# OUTPUT: a2 1e-5
# OUTPUT: a2_s 1e-5
# OUTPUT: b1
# OUTPUT: b_r1
# OUTPUT: b_ir0
# OUTPUT: b2_axes
# OUTPUT: bn
# OUTPUT: bn_s
# OUTPUT: bn_axes_s
# OUTPUT: c2 1e-5
# OUTPUT: cn_inv 1e-5
# OUTPUT: cn_rep 1e-5
# OUTPUT: d2_ortho
# OUTPUT: d2_inv_pad
# OUTPUT: dn_fwd
# OUTPUT: e1
# OUTPUT: e_r
# OUTPUT: g2
import numpy as np

def main():
    a: f32[r, s] = np.load("a.npy")
    b: f64[4, 5, 6] = np.load("b.npy")
    c: c64[p, 8, q] = np.load("c.npy")
    d: c128[5, 9] = np.load("d.npy")
    e: f64[z, 8] = np.load("e.npy")
    g: i64[4, 6] = np.load("g.npy")
    np.save("a0.npy", np.fft.fft(a, axis=0))
    np.save("a_neg.npy", np.fft.ifft(a, n=20, axis=-2))
    np.save("a2.npy", np.fft.fft2(a))
    np.save("a2_s.npy", np.fft.fft2(a, s=(4, 24)))
    np.save("b1.npy", np.fft.fft(b, axis=1, norm="ortho"))
    np.save("b_r1.npy", np.fft.rfft(b, n=7, axis=1))
    np.save("b_ir0.npy", np.fft.irfft(b, axis=0, norm="forward"))
    np.save("b2_axes.npy", np.fft.fft2(b, axes=(0, 2)))
    np.save("bn.npy", np.fft.fftn(b))
    np.save("bn_s.npy", np.fft.fftn(b, s=(3, 8)))
    np.save("bn_axes_s.npy", np.fft.fftn(b, s=(6, 2), axes=(-1, 0), norm="ortho"))
    np.save("c2.npy", fft.fft2(c))
    np.save("cn_inv.npy", fft.ifftn(c, norm="forward"))
    np.save("cn_rep.npy", np.fft.fftn(c, axes=(1, 1)))
    np.save("d2_ortho.npy", np.fft.fft2(d, norm="ortho"))
    np.save("d2_inv_pad.npy", np.fft.ifft2(d, s=[7, 11]))
    np.save("dn_fwd.npy", np.fft.ifftn(d, axes=(0,), norm="forward"))
    np.save("e1.npy", np.fft.fft(e))
    np.save("e_r.npy", np.fft.rfft(e, n=5))
    np.save("g2.npy", np.fft.fft2(g))
