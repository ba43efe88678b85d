# RUN: %e2e %s
# Byte-level text statistics on a buffer of ASCII codes: letter frequencies
# (case folded with arithmetic on codes), a Caesar cipher round trip with
# modular arithmetic, and a rolling polynomial hash of every 4-gram.
# INPUT: codes u8 [600] range=32:127
# OUTPUT: freq
# OUTPUT: roundtrip
# OUTPUT: hashes
# JIT: letter_freq caesar rolling_hash
import numpy as np

MOD = 1000003


def letter_freq(codes):
    c = codes.astype(np.int64)
    lower = np.where((c >= 65) & (c <= 90), c + 32, c)
    letters = lower[(lower >= 97) & (lower <= 122)] - 97
    return np.bincount(letters, minlength=26)


def caesar(codes, shift):
    c = codes.astype(np.int64)
    is_low = (c >= 97) & (c <= 122)
    c[is_low] = (c[is_low] - 97 + shift) % 26 + 97
    return c.astype(np.uint8)


def rolling_hash(codes, k=4, base=257):
    c = codes.astype(np.int64)
    h = np.zeros(len(c) - k + 1, dtype=np.int64)
    for j in range(k):
        h = (h * base + c[j:len(c) - k + 1 + j]) % MOD
    return h


def main():
    codes: u8[n] = np.load("codes.npy")
    np.save("freq.npy", letter_freq(codes))
    np.save("roundtrip.npy", caesar(caesar(codes, 3), 23))
    np.save("hashes.npy", rolling_hash(codes))
