"""The softmax of softmax_2d/3d/4d: the stable form of test/apps/ml_softmax_xent."""
import numpy as np


def softmax(z, axis=-1):
    z = z - np.max(z, axis=axis, keepdims=True)
    e = np.exp(z)
    return e / np.sum(e, axis=axis, keepdims=True)
