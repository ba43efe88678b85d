# RUN: %e2e --mode=aot --flag=--mesh=2 --flag=--shard=kstep:0=0 --wrapper='%mpirun_same 2' %s
# RUN: %e2e --mode=aot --flag=--mesh=4 --flag=--shard=kstep:0=0 --wrapper='%mpirun_same 4' %s
# One k-means step as bench/distributed/run.py times it (its `kmeans`
# workload), the points split: distances by the expansion |c|^2 - 2 x.c
# (|x|^2 dropped: the same for every cluster of a point), argmin over the
# clusters, one-hot, centroid sums and counts. Every part is split along the
# points: local matrix products, a local argmin (ShardIndexInputs.cpp), and
# two all-reduces (sums, counts). Values are small integers, so the
# distances are exact and the argmin is NumPy's (no ties decided by
# rounding).
# RUN: arrayc --target=cpu --emit=linalg --mesh=2 --shard=kstep:0=0 --verbose %s 2>&1 >/dev/null | FileCheck %s
# RUN: arrayc --target=cpu --emit=linalg --mesh=4 --shard=kstep:0=0 --verbose %s 2>&1 >/dev/null | FileCheck --check-prefix=FOUR %s
# CHECK: arrayc: shard: kstep: argument 0 along dimension 0 split over 2 processes; 2 collective(s)
# CHECK-NOT: replicated
# FOUR: arrayc: shard: kstep: argument 0 along dimension 0 split over 4 processes; 2 collective(s)
# STDOUT-NUMPY:
import numpy as np

def kstep(x: f64[n, d], c: f64[k, d]) -> f64[k, d]:
    d2 = np.sum(c * c, axis=1)[None, :] - 2.0 * (x @ c.T)
    lab = np.argmin(d2, axis=1)
    onehot = (lab[:, None] == np.arange(c.shape[0])[None, :]).astype(np.float64)
    sums = onehot.T @ x
    counts = np.sum(onehot, axis=0)
    return sums / np.maximum(counts, 1.0)[:, None]

def main():
    t = np.arange(64 * 4, dtype=np.float64).reshape(64, 4)
    x = np.floor(np.sin(t * 0.37) * 8.0 + np.cos(t * 0.11) * 5.0)
    c = x[:6].copy()
    for it in range(3):
        c = np.round(kstep(x, c))
        print(c)
