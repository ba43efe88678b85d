# RUN: %e2e %s
# Run-length encoding of a symbol stream (few symbols, so runs are long):
# run starts with np.diff and np.flatnonzero, lengths, values; decoding with
# np.repeat must give the stream back.
# INPUT: s i64 [400] range=0:3
# OUTPUT: starts
# OUTPUT: lengths
# OUTPUT: values
# OUTPUT: decoded
# JIT: rle_encode rle_decode
import numpy as np


def rle_encode(x):
    n = len(x)
    change = np.flatnonzero(x[1:] != x[:-1]) + 1
    starts = np.concatenate(([0], change))
    lengths = np.diff(np.concatenate((starts, [n])))
    return starts, lengths, x[starts]


def rle_decode(lengths, values):
    return np.repeat(values, lengths)


def main():
    s: i64[n] = np.load("s.npy")
    s = np.sort(s[:40]).repeat(10)
    starts, lengths, values = rle_encode(s)
    np.save("starts.npy", starts)
    np.save("lengths.npy", lengths)
    np.save("values.npy", values)
    np.save("decoded.npy", rle_decode(lengths, values))
