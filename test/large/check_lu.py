#!/usr/bin/env python3
"""Checks lu.npy (test/large/dense_lu.arr's output) against a.npy: the unit
lower and the upper triangles multiply back to a + n*I, relative error in
float64 (NumPy's BLAS for the product). Exit 1 above the tolerance."""
import sys

import numpy as np

a = np.load("a.npy")
f = np.load("lu.npy")
n = a.shape[0]
L = np.tril(f, -1) + np.eye(n)
U = np.triu(f)
ref = a + n * np.eye(n)
err = np.linalg.norm(L @ U - ref) / np.linalg.norm(ref)
print("dense LU n=%d: ||L U - A|| / ||A|| = %.3g" % (n, err))
sys.exit(0 if err < 1e-12 else 1)
