# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# np.repeat and np.tile with counts only known when the program runs: a
# histogram's counts expanded back to samples (an array of repeats; the
# result's length is their sum), segment ids of run lengths, per-row counts
# along axis 0, per-element counts of a flattened 2-d array, one count in a
# one-element array, a tuple of counts, a count computed from a size
# (nearest-neighbour upsampling by the ndarray method), and tile with a tuple
# of run-time reps (rank extension, a zero count).
# INPUT: x f64 [37]
# INPUT: counts i32 [37] range=0:5
# INPUT: img f32 [6, 9]
# INPUT: rows i64 [6] range=0:4
# INPUT: cells u8 [6, 9] range=0:3
# INPUT: v i16 [5] range=-50:50
# OUTPUT: samples
# OUTPUT: seg
# OUTPUT: seg_sum
# OUTPUT: byrow
# OUTPUT: flat
# OUTPUT: twice
# OUTPUT: up
# OUTPUT: mosaic
# OUTPUT: stripes
# OUTPUT: none
# OUTPUT: counted
import numpy as np


def expand(values, counts):
    return np.repeat(values, counts)


def segment_ids(lengths):
    return np.repeat(np.arange(len(lengths)), lengths)


def upsample(img, k):
    return img.repeat(k, axis=0).repeat(k, axis=1)


def mosaic(img, k):
    reps = (k, k + 1)
    return np.tile(img, reps)


def main():
    x: f64[n] = np.load("x.npy")
    counts: i32[n] = np.load("counts.npy")
    img: f32[h, w] = np.load("img.npy")
    rows: i64[h] = np.load("rows.npy")
    cells: u8[h, w] = np.load("cells.npy")
    v: i16[m] = np.load("v.npy")
    samples = expand(x, counts)
    np.save("samples.npy", samples)
    seg = segment_ids(counts)
    np.save("seg.npy", seg)
    # Per-segment sums of the samples: the expansion undone.
    np.save("seg_sum.npy", np.bincount(seg, weights=samples, minlength=len(x)))
    np.save("byrow.npy", np.repeat(img, rows, axis=0))
    np.save("flat.npy", np.repeat(img, cells.ravel()))
    np.save("twice.npy", np.repeat(v, np.array([len(v) - 3])))
    k = len(v) // 2
    np.save("up.npy", upsample(img, k))
    np.save("mosaic.npy", mosaic(img, k))
    np.save("stripes.npy", np.tile(v, (k, 1, k + 1)))
    np.save("none.npy", np.tile(v, (k, len(v) - 5)))
    np.save("counted.npy", np.repeat(v, (k, 1, 0, k, len(v) - 4)))
