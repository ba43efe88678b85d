# RUN: %e2e %s
# Tests fft/ifft/rfft/irfft along one axis against NumPy: every dtype family
# (f32 and c64 stay single precision, f64/c128/int give double), odd and
# prime lengths (1, 17, 1000, 8193), n cropping and zero-padding, every norm,
# the bare `fft.` and `np.fft.` spellings, and an fft/ifft round trip.
# INPUT: x f32 [8193]
# INPUT: y f64 [17]
# INPUT: z c64 [1000]
# INPUT: w c128 [1]
# INPUT: k i32 [17]
# INPUT: h c128 [9]
# OUTPUT: fx 1e-5
# OUTPUT: ifx 1e-5
# OUTPUT: rfx 1e-5
# OUTPUT: irfx 1e-5
# OUTPUT: fy
# OUTPUT: fy_pad
# OUTPUT: fy_crop
# OUTPUT: ify_ortho
# OUTPUT: ify_fwd
# OUTPUT: rfy_pad
# OUTPUT: rfy_crop_ortho
# OUTPUT: fz 1e-5
# OUTPUT: ifz_fwd 1e-5
# OUTPUT: irfz 1e-5
# OUTPUT: fw
# OUTPUT: ifw
# OUTPUT: rfw
# OUTPUT: fk
# OUTPUT: rfk
# OUTPUT: irh
# OUTPUT: irh_odd
# OUTPUT: irh_pad_ortho
# OUTPUT: irh_crop_fwd
# OUTPUT: roundtrip 1e-5
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    y: f64[17] = np.load("y.npy")
    z: c64[m] = np.load("z.npy")
    w: c128[1] = np.load("w.npy")
    k: i32[17] = np.load("k.npy")
    h: c128[9] = np.load("h.npy")
    np.save("fx.npy", np.fft.fft(x))
    np.save("ifx.npy", fft.ifft(x))
    np.save("rfx.npy", np.fft.rfft(x))
    np.save("irfx.npy", np.fft.irfft(x))
    np.save("fy.npy", fft.fft(y))
    np.save("fy_pad.npy", fft.fft(y, 32))
    np.save("fy_crop.npy", fft.fft(y, n=5))
    np.save("ify_ortho.npy", np.fft.ifft(y, norm="ortho"))
    np.save("ify_fwd.npy", np.fft.ifft(y, 20, -1, "forward"))
    np.save("rfy_pad.npy", np.fft.rfft(y, n=40))
    np.save("rfy_crop_ortho.npy", np.fft.rfft(y, n=6, norm="ortho"))
    np.save("fz.npy", np.fft.fft(z, norm="backward"))
    np.save("ifz_fwd.npy", np.fft.ifft(z, norm="forward"))
    np.save("irfz.npy", np.fft.irfft(z))
    np.save("fw.npy", np.fft.fft(w))
    np.save("ifw.npy", np.fft.ifft(w, n=1))
    np.save("rfw.npy", np.fft.rfft(np.real(w)))
    np.save("fk.npy", np.fft.fft(k, n=16))
    np.save("rfk.npy", np.fft.rfft(k))
    np.save("irh.npy", np.fft.irfft(h))
    np.save("irh_odd.npy", np.fft.irfft(h, n=17))
    np.save("irh_pad_ortho.npy", np.fft.irfft(h, n=30, norm="ortho"))
    np.save("irh_crop_fwd.npy", np.fft.irfft(h, n=7, axis=0, norm="forward"))
    np.save("roundtrip.npy", np.fft.ifft(np.fft.fft(z)))
