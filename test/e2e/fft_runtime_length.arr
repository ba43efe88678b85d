# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests transform lengths known only at run time against NumPy: a fast
# convolution that zero-pads signals of run-time lengths to the next power of
# two (found in a loop) for rfft/irfft, fft/ifft with n from len(), from an
# expression and cropping, and rfft2/rfftn/irfftn/irfft2 with s and axes.
# INPUT: x f64 [37]
# INPUT: h f64 [5]
# INPUT: z c64 [21]
# INPUT: img f32 [6, 10]
# INPUT: vol f64 [3, 4, 5]
# OUTPUT: conv 1e-10
# OUTPUT: conv_len
# OUTPUT: fz_len 1e-5
# OUTPUT: fz_twice 1e-5
# OUTPUT: ifz_crop 1e-5
# OUTPUT: rx_odd 1e-10
# OUTPUT: r2 1e-5
# OUTPUT: r2_s 1e-5
# OUTPUT: rn 1e-10
# OUTPUT: rn_s_axes 1e-10
# OUTPUT: irn 1e-10
# OUTPUT: ir2_s 1e-10
# OUTPUT: back 1e-10
import numpy as np

def next_pow2(n: i64) -> i64:
    p = 1
    while p < n:
        p = p * 2
    return p

def convolve_fft(x: f64[n], h: f64[k]):
    m = len(x) + len(h) - 1
    size = next_pow2(m)
    spectrum = np.fft.rfft(x, size) * np.fft.rfft(h, size)
    return np.fft.irfft(spectrum, size)[:m]

def main():
    x: f64[n] = np.load("x.npy")
    h: f64[k] = np.load("h.npy")
    z: c64[m] = np.load("z.npy")
    img: f32[r, c] = np.load("img.npy")
    vol: f64[3, 4, 5] = np.load("vol.npy")

    y = convolve_fft(x, h)
    np.save("conv.npy", y)
    np.save("conv_len.npy", y.shape[0])
    np.save("fz_len.npy", np.fft.fft(z, len(x)))
    np.save("fz_twice.npy", np.fft.fft(z, n=2 * z.shape[0] + 1))
    np.save("ifz_crop.npy", np.fft.ifft(z, z.shape[0] // 2, norm="ortho"))
    odd = 2 * len(h) + 1
    np.save("rx_odd.npy", np.fft.rfft(x, odd))
    np.save("r2.npy", np.fft.rfft2(img))
    np.save("r2_s.npy", np.fft.rfft2(img, s=(img.shape[0] + 2, next_pow2(img.shape[1]))))
    np.save("rn.npy", np.fft.rfftn(vol))
    np.save("rn_s_axes.npy", np.fft.rfftn(vol, s=(len(h), 6), axes=(2, 0)))
    spec = np.fft.rfftn(vol)
    np.save("irn.npy", np.fft.irfftn(spec, s=vol.shape))
    np.save("ir2_s.npy", np.fft.irfft2(spec, s=(4, len(h) + 2)))
    np.save("back.npy", np.fft.irfftn(np.fft.rfftn(x), s=(len(x),)))
