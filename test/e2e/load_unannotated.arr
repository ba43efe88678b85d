# RUN: %e2e %s
# Tests np.load without type annotations under `arrayc run` (jit mode only:
# an ahead-of-time build needs the annotations, see
# test/arrayc/load-unannotated.test): the dtypes and ranks come from the
# files' headers and the sizes from the files when the program runs, as a
# NumPy script loads its data.
# INPUT: samples f32 [50, 3]
# INPUT: weights f64 [3]
# INPUT: labels i64 [50] range=0:2
# OUTPUT: scores 1e-6
# OUTPUT: mean_pos 1e-6
# OUTPUT: count
import numpy as np

def main():
    samples = np.load("samples.npy")
    weights = np.load("weights.npy")
    labels = np.load("labels.npy")
    scores = samples @ weights
    np.save("scores.npy", scores)
    pos = labels == 1
    np.save("mean_pos.npy", np.sum(np.where(pos, scores, 0.0)) / np.maximum(np.sum(pos), 1))
    np.save("count.npy", np.sum(pos) + samples.shape[0])
