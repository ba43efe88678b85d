# RUN: %e2e %s
# `x[:, :1]` (and `x[:1]`) on an axis whose size comes from the arguments is
# one wide, so it broadcasts against any length as NumPy's does: a threshold
# table of every point's first feature against every centre's
# (before: a compile failure, the slice was typed with a run-time size).
# STDOUT-NUMPY:
import numpy as np


def below(x: f32[n, d], c: f32[k, d]) -> f32[n, k]:
    return (x[:, :1] < c[:, 0][None, :]).astype(np.float32)


def shift_rows(x: f64[n, d]) -> f64[n, d]:
    return x - x[:1]


def main():
    x = np.sin(np.arange(64 * 8).reshape(64, 8) * 0.71).astype(np.float32)
    c = x[5:21].copy()
    t = below(x, c)
    print(t.shape, np.sum(t), t[7, 3], t[40, 15])
    y = np.cos(np.arange(36.0).reshape(9, 4) * 1.3)
    z = shift_rows(y)
    print(z.shape, np.abs(z[0]).max(), np.allclose(z[3], y[3] - y[0]))
