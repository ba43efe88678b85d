"""Softmax over the last axis of a rank-3 f32 array (programs/_softmax.py)."""
import numpy as np

from _softmax import softmax

KERNEL = softmax


def inputs(rng):
    return [rng.standard_normal((64, 1024, 1024), dtype=np.float32)]


def small_inputs(rng):
    return [rng.standard_normal((4, 30, 50), dtype=np.float32)]
