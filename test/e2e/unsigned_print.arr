# RUN: %e2e %s
# Tests that unsigned arrays and scalars print as NumPy prints them: u8 to
# u64 (values above the signed range), 2-d, sums (u64 scalars), an empty
# array, and a long array (summarized with '...').
# INPUT: a u8 [2, 7] range=0:256
# INPUT: b u16 [9] range=0:65536
# INPUT: c u32 [5] range=0:4.2e9
# INPUT: d u64 [4] range=9.3e18:1.8e19
# INPUT: e u8 [0]
# INPUT: g u8 [1500] range=200:256
# STDOUT-NUMPY:
import numpy as np

def main():
    a: u8[r, k] = np.load("a.npy")
    b: u16[n] = np.load("b.npy")
    c: u32[m] = np.load("c.npy")
    d: u64[q] = np.load("d.npy")
    e: u8[z] = np.load("e.npy")
    g: u8[w] = np.load("g.npy")
    print(a)
    print(b, c)
    print(d)
    print(np.sum(a), max(d), a[1, 2])
    print(e, -a[0])
    print(g)
