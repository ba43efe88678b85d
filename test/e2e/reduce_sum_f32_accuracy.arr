# RUN: %e2e %s
# Tests the accuracy of a full f32 sum of 8.2M positive elements (no
# cancellation, so NumPy's pairwise sum is within ~1e-7 of the exact value).
# INPUT: p f32 [1000, 8193] positive
# INPUT: q f32 [8193000] positive
# OUTPUT: total 1e-5
# OUTPUT: total1d 1e-5
import numpy as np

def main():
    p: f32[r, c] = np.load("p.npy")
    q: f32[n] = np.load("q.npy")
    np.save("total.npy", sum(p))
    np.save("total1d.npy", np.sum(q))
