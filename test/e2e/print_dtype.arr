# RUN: %e2e %s
# Tests that print(x.dtype) shows NumPy's dtype names, and that x.dtype
# (and a string naming a dtype) still selects the dtype of astype.
# STDOUT-NUMPY:
import numpy as np

def main():
    f = np.ones(3, dtype=np.float32)
    print(f.dtype)
    print((f * 2).dtype)
    print(np.arange(4).dtype)
    print((np.arange(4) > 1).dtype)
    print(np.zeros(2, dtype=np.uint8).dtype)
    print(np.ones(2, dtype=np.complex64).dtype)
    print(np.ones(2, dtype=np.float16).dtype)
    d = np.arange(3).astype(f.dtype)
    print(d.dtype)
    print(d)
    print(np.arange(3).astype("float64").dtype)
