# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests unsigned arrays of size 0 and of 8193 elements (not a multiple of
# any vector width): elementwise ops, wrapping, `//`, reductions and
# load -> save round trips.
# INPUT: x u8 [8193] range=0:256
# INPUT: y u16 [8193] range=1:65536
# INPUT: z u32 [0]
# INPUT: w u8 [0, 4]
# OUTPUT: add
# OUTPUT: div
# OUTPUT: sum
# OUTPUT: max
# OUTPUT: zadd
# OUTPUT: zsum
# OUTPUT: wsum
# OUTPUT: xcopy
# OUTPUT: zcopy
import numpy as np

def main():
    x: u8[n] = np.load("x.npy")
    y: u16[n] = np.load("y.npy")
    z: u32[m] = np.load("z.npy")
    w: u8[m, 4] = np.load("w.npy")
    np.save("add.npy", x * 3 + y)
    np.save("div.npy", y // x)
    np.save("sum.npy", np.sum(y))
    np.save("max.npy", np.max(x))
    np.save("zadd.npy", z + 1)
    np.save("zsum.npy", np.sum(z))
    np.save("wsum.npy", np.sum(w, axis=0))
    np.save("xcopy.npy", x)
    np.save("zcopy.npy", z)
