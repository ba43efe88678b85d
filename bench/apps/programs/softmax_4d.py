"""Softmax over the last axis of a rank-4 f32 array (programs/_softmax.py)."""
import numpy as np

from _softmax import softmax

KERNEL = softmax


def inputs(rng):
    return [rng.standard_normal((64, 16, 448, 448), dtype=np.float32)]


def small_inputs(rng):
    return [rng.standard_normal((2, 3, 20, 24), dtype=np.float32)]
