# Shifted-array stencils, for --kernel-stats: np.roll is a gather whose
# positions fuse into it and which fuses into its consumer.
import numpy as np

def neighbours(b: i64[n, m]) -> i64[n, m]:
    return (np.roll(b, 1, 0) + np.roll(b, -1, 0) + np.roll(b, 1, 1) + np.roll(b, -1, 1)
            + np.roll(b, 0, 1))

def laplacian(u: f64[n, m], alpha: float) -> f64[n, m]:
    return alpha * (np.roll(u, 1, 0) + np.roll(u, -1, 0) + np.roll(u, 1, 1)
                    + np.roll(u, -1, 1) - 4 * u)
