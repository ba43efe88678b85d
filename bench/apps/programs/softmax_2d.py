"""Softmax over the last axis of a rank-2 f32 array (programs/_softmax.py)."""
import numpy as np

from _softmax import softmax

KERNEL = softmax


def inputs(rng):
    return [rng.standard_normal((8192, 8192), dtype=np.float32)]


def small_inputs(rng):
    return [rng.standard_normal((64, 100), dtype=np.float32)]
