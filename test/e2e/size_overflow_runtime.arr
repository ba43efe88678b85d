# RUN: %e2e %s
# Tests an array whose shape is known only at run time and whose size in
# bytes overflows 64 bits ((65536,) * 4 of f32 = 2^66 bytes): a clear error
# with its location before anything is allocated (it used to wrap to a
# 0-byte allocation and crash writing past it), as NumPy raises.
# INPUT: x f32 [65536]
# EXPECT-EXIT: 1
# EXPECT-ERROR: size_overflow_runtime.arr:14:9: an array of shape (?, ?, ?, ?) is too large: its size in bytes overflows 64 bits
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    print(np.sum(x * 0.0))
    z = np.zeros((n, n, n, n), dtype=np.float32)
    np.save("z.npy", z)
