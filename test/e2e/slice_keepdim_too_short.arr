# RUN: %e2e %s
# A one-wide slice typed as size 1 on an axis shorter than its end (NumPy
# would give an empty slice) stops with a located error.
# INPUT: pos f64 [6, 2]
# EXPECT-EXIT: 1
# EXPECT-ERROR: slice_keepdim_too_short.arr:12:16: the slice 2:3 of an axis of size 2 is empty; arrayc types it as size 1 (an axis of size > 2 is needed)
import numpy as np


def main():
    pos: f64[n, d] = np.load("pos.npy")
    z = pos[:, 2:3]
    np.save("z.npy", z.T - z)
