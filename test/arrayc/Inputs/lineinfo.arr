import numpy as np


def scale(x: f32[n], y: f32[n]):
    z = np.exp(x) * 2.0
    return z + y
