# RUN: %e2e %s
# XFAIL: *
# NEEDS: Python strings (its byte-reversal table is built by formatting each byte as binary text, reversing the text and parsing it back with int(s, 2))
# Bit manipulation on unsigned words: popcount by the SWAR trick, lowest set
# bit (x & -x) with two's complement, bit reversal of bytes by a lookup table,
# parity, and Gray code round trip.
# INPUT: x u32 [500] range=0:4000000000
# OUTPUT: pop
# OUTPUT: lowbit
# OUTPUT: rev8
# OUTPUT: gray_back
# JIT: popcount32 lowest_bit reverse_bytes gray_roundtrip
import numpy as np


def popcount32(x):
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return (x * 0x01010101 & 0xFFFFFFFF) >> 24


def lowest_bit(x):
    return x & (~x + np.uint32(1))


def reverse_bytes(x):
    table = np.array([int('{:08b}'.format(i)[::-1], 2) for i in range(256)], dtype=np.uint8)
    b = (x & 0xFF).astype(np.uint8)
    return table[b]


def gray_roundtrip(x):
    g = x ^ (x >> 1)
    b = g.copy()
    shift = 1
    while shift < 32:
        b ^= b >> shift
        shift <<= 1
    return b


def main():
    x: u32[n] = np.load("x.npy")
    np.save("pop.npy", popcount32(x))
    np.save("lowbit.npy", lowest_bit(x))
    np.save("rev8.npy", reverse_bytes(x))
    np.save("gray_back.npy", gray_roundtrip(x))
