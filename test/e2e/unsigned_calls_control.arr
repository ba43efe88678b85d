# RUN: %e2e %s
# Tests unsigned values through function signatures, calls and returns,
# loops and branches (the signedness erasure of scf and func types), a
# run-time Python int (loop index) as a weak scalar (u8 + i stays u8), and
# scalar u32/u64 annotations, and range() over an unsigned scalar.
# INPUT: a u8 [16] range=0:256
# INPUT: b u16 [16] range=0:65536
# OUTPUT: scaled
# OUTPUT: acc
# OUTPUT: br
# OUTPUT: tot
# OUTPUT: halves
# OUTPUT: ranged
import numpy as np

def scale(x: u16[n], k: u32) -> u32[n]:
    return x.astype(u32) * k

def halve(x: u8[n]) -> (u8[n], u8[n]):
    return x // 2, x % 2

def main():
    a: u8[n] = np.load("a.npy")
    b: u16[n] = np.load("b.npy")
    k: u32 = np.sum(a).astype(u32)
    np.save("scaled.npy", scale(b, k))
    acc = a
    for i in range(40):
        acc = acc * 3 + i
    np.save("acc.npy", acc)
    t: u64 = np.sum(b)
    if t > 500000:
        r = a >> 1
    else:
        r = a << 1
    np.save("br.npy", r)
    np.save("tot.npy", t * 3)
    q, m = halve(a)
    np.save("halves.npy", q * 2 + m)
    g = b
    for j in range(np.max(a) // 64):
        g = g + j
    np.save("ranged.npy", g)
