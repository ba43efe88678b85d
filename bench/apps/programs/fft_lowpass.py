"""Ideal low-pass filter in the frequency domain: fft, fftshift, zero the band
outside |f| < fc with a boolean mask, shift back, inverse transform
(test/apps/signal_fftshift_lowpass)."""
import numpy as np


def lowpass(x, fc, d=1.0):
    X = np.fft.fftshift(np.fft.fft(x))
    f = np.fft.fftshift(np.fft.fftfreq(len(x), d))
    mask = np.abs(f) < fc
    X[~mask] = 0
    y = np.fft.ifft(np.fft.ifftshift(X)).real
    return y, mask.sum()


KERNEL = lowpass


def inputs(rng):
    return [rng.standard_normal(1 << 22), 0.1]


def small_inputs(rng):
    return [rng.standard_normal(1000), 0.1]


def jax_kernel(jnp, lax):
    def lowpass_jax(x, fc):
        X = jnp.fft.fftshift(jnp.fft.fft(x))
        mask = jnp.abs(jnp.fft.fftshift(jnp.fft.fftfreq(len(x), 1.0))) < fc
        y = jnp.fft.ifft(jnp.fft.ifftshift(jnp.where(mask, X, 0))).real
        return y, mask.sum()
    return lowpass_jax


def torch_kernel(torch):
    """The NumPy source makes the frequencies and the mask on the host under
    torch.compile (systems.py)."""
    def lowpass_torch(x, fc, d=1.0):
        X = torch.fft.fftshift(torch.fft.fft(x))
        f = torch.fft.fftshift(torch.fft.fftfreq(len(x), d, dtype=x.dtype, device=x.device))
        mask = torch.abs(f) < fc
        X = X.masked_fill(~mask, 0)
        y = torch.fft.ifft(torch.fft.ifftshift(X)).real
        return y, mask.sum()
    return lowpass_torch
