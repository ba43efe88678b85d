# RUN: %e2e %s
# Tests the seed's pairwise distance of f16 points: on the GPU the product
# q @ p.T goes to cuBLAS (f16 in, f32 accumulation), written rounded to f16
# straight into the buffer the fused epilogue sqrt(a - 2*qp + b) reads (the
# f32 product is never stored). Points are offset so that every distance is
# well away from 0 (f16 cancellation would dominate the error otherwise).
# INPUT: p f16 [300, 784]
# INPUT: q f16 [257, 784]
# OUTPUT: d 2e-3
import numpy as np

def pairwise_dist(p: f16[n, 784], q: f16[m, 784]) -> f16[m, n]:
    return np.sqrt(np.einsum('ij,ij->i', q, q)[:, np.newaxis] - 2 * q @ p.T
                   + np.einsum('ij,ij->i', p, p))

def main():
    p: f16[n, 784] = np.load("p.npy")
    q: f16[m, 784] = np.load("q.npy")
    np.save("d.npy", pairwise_dist(p * 0.5, q * 0.5 + 1.0))
