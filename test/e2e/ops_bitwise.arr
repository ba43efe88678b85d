# RUN: %e2e %s
# Tests & | ^ ~ << >> on i8, i32 and bool, with NumPy 2 promotion (i8 with a
# Python int stays i8; bool & bool is bool; i8 & bool is i8), shifts by
# amounts out of range (0, or -1 for >> of a negative value).
# INPUT: a i8 [200] range=-128:128
# INPUT: s i8 [200] range=-2:11
# INPUT: b i32 [200] range=-100000:100000
# INPUT: m bool [200]
# INPUT: p bool [200]
# OUTPUT: and8
# OUTPUT: or8
# OUTPUT: xor8
# OUTPUT: not8
# OUTPUT: shl8
# OUTPUT: shr8
# OUTPUT: andmix
# OUTPUT: b32
# OUTPUT: band
# OUTPUT: bor
# OUTPUT: bxor
# OUTPUT: bnot
# OUTPUT: mi8
# OUTPUT: aug
import numpy as np

def main():
    a: i8[n] = np.load("a.npy")
    s: i8[n] = np.load("s.npy")
    b: i32[n] = np.load("b.npy")
    m: bool[n] = np.load("m.npy")
    p: bool[n] = np.load("p.npy")
    np.save("and8.npy", a & 0x0F)
    np.save("or8.npy", a | s)
    np.save("xor8.npy", a ^ -1)
    np.save("not8.npy", ~a)
    np.save("shl8.npy", a << s)
    np.save("shr8.npy", a >> s)
    np.save("andmix.npy", a & m)
    np.save("b32.npy", (b >> 3) ^ (b << 2) | (b & 255))
    np.save("band.npy", m & p)
    np.save("bor.npy", m | p)
    np.save("bxor.npy", m ^ p)
    np.save("bnot.npy", ~m)
    np.save("mi8.npy", m // p)
    t = b
    t &= 1023
    t |= 4096
    t ^= 7
    t <<= 1
    t >>= 2
    np.save("aug.npy", t)
