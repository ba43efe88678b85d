"""A 3x3 convolution layer (NCHW, stride 1, same padding) as a loop over the taps,
each tap one matrix product over the channels, then bias and ReLU; f32."""
import numpy as np


def conv2d_relu(x, w, b):
    N, C, H, W = x.shape
    F, _, KH, KW = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (KH // 2, KH // 2), (KW // 2, KW // 2)))
    out = np.zeros((N, F, H * W), dtype=x.dtype)
    for i in range(KH):
        for j in range(KW):
            patch = xp[:, :, i:i + H, j:j + W].reshape(N, C, H * W)
            out += w[:, :, i, j] @ patch
    out = out.reshape(N, F, H, W) + b[None, :, None, None]
    return np.maximum(out, 0)


KERNEL = conv2d_relu


def layer(rng, n, c, f, hw):
    s = np.float32
    return [rng.standard_normal((n, c, hw, hw), dtype=s),
            (rng.standard_normal((f, c, 3, 3)) / np.sqrt(9 * c)).astype(s),
            rng.standard_normal(f).astype(s)]


def inputs(rng):
    return layer(rng, 32, 64, 64, 56)


def small_inputs(rng):
    return layer(rng, 2, 3, 4, 8)


def torch_kernel(torch):
    """The same loop over the taps; torch.compile's tracing of np.pad fails
    (unbacked sizes), and the NumPy source creates `out` on the host (systems.py)."""
    def conv2d_relu_torch(x, w, b):
        N, C, H, W = x.shape
        F, _, KH, KW = w.shape
        xp = torch.nn.functional.pad(x, (KW // 2, KW // 2, KH // 2, KH // 2))
        out = torch.zeros((N, F, H * W), dtype=x.dtype, device=x.device)
        for i in range(KH):
            for j in range(KW):
                patch = xp[:, :, i:i + H, j:j + W].reshape(N, C, H * W)
                out += w[:, :, i, j] @ patch
        out = out.reshape(N, F, H, W) + b[None, :, None, None]
        return torch.relu(out)
    return conv2d_relu_torch
