# RUN: %e2e %s
# Tests argmax/argmin over domains long enough for the cuda target to split
# them across many threads (two kernels, (value, index) partials): the first
# index among ties, a NaN beating every number (the first NaN), unsigned and
# bool orders, all-equal and all -inf inputs, a reduction along a long axis
# with few outputs, keepdims, f16 and f64.
# INPUT: x f32 [100003]
# INPUT: y f64 [250001]
# INPUT: k i32 [50001] range=-3:3
# INPUT: u u8 [70001] range=0:256
# INPUT: c u32 [40000] range=0:4.2e9
# INPUT: b bool [65537]
# INPUT: h f16 [30001]
# INPUT: m f32 [7, 40000]
# OUTPUT: plain
# OUTPUT: ties
# OUTPUT: nans
# OUTPUT: ints
# OUTPUT: unsigned
# OUTPUT: bools
# OUTPUT: flat
# OUTPUT: rows
# OUTPUT: cols
# OUTPUT: kept
# OUTPUT: half
import numpy as np

def main():
    x: f32[100003] = np.load("x.npy")
    y: f64[250001] = np.load("y.npy")
    k: i32[50001] = np.load("k.npy")
    u: u8[70001] = np.load("u.npy")
    c: u32[40000] = np.load("c.npy")
    b: bool[65537] = np.load("b.npy")
    h: f16[30001] = np.load("h.npy")
    m: f32[7, 40000] = np.load("m.npy")
    np.save("plain.npy", np.stack([np.argmax(x), np.argmin(x), np.argmax(x * 2.0 - 1.0),
                                   np.argmin(np.abs(x)), np.argmax(y), np.argmin(y)]))
    # Floors of small values: every extreme occurs many times.
    np.save("ties.npy", np.stack([np.argmax(np.floor(x * 0.5)), np.argmin(np.floor(x * 0.5)),
                                  np.argmax(np.zeros(100000)), np.argmin(np.zeros(100000)),
                                  np.argmax(np.full(99999, -np.inf)),
                                  np.argmin(np.full(99999, np.inf))]))
    i = np.arange(250001)
    late = np.where(i == 177777, np.nan, y)
    two = np.where((i == 200000) | (i == 123457), np.nan, y)
    np.save("nans.npy", np.stack([np.argmax(late), np.argmin(late), np.argmax(two),
                                  np.argmin(two)]))
    np.save("ints.npy", np.stack([np.argmax(k), np.argmin(k), np.argmax(-k)]))
    np.save("unsigned.npy", np.stack([np.argmax(u), np.argmin(u), np.argmax(c), np.argmin(c)]))
    np.save("bools.npy", np.stack([np.argmax(b), np.argmin(b), np.argmax(b & False),
                                   np.argmin(b | True)]))
    np.save("flat.npy", np.stack([np.argmax(m), np.argmin(m)]))
    np.save("rows.npy", np.argmax(m, axis=1))
    np.save("cols.npy", np.argmin(m, axis=0))
    np.save("kept.npy", np.argmax(m, axis=1, keepdims=True))
    np.save("half.npy", np.stack([np.argmax(h), np.argmin(h)]))
