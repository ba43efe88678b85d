# RUN: %e2e --mode=aot --flag=--mesh=2 --flag=--shard=dist2:0=0 --flag=--shard=nearest:0=0 --flag=--shard=centroids:0=0 --flag=--shard=centroids:1=0 --flag=--shard=counts:0=0 --wrapper='%mpirun_same 2' %s
# RUN: %e2e --mode=aot --flag=--mesh=4 --flag=--shard=dist2:0=0 --flag=--shard=nearest:0=0 --flag=--shard=centroids:0=0 --flag=--shard=centroids:1=0 --flag=--shard=counts:0=0 --wrapper='%mpirun_same 4' %s
# A k-means step as NumPy users write it: broadcasting with None
# (`x[:, None, :]`, `lab[:, None]`) and np.arange over the clusters. The
# broadcasts are split with the points (an expand_shape read at index 0 is
# read through its source); np.arange's linalg.index is along the clusters,
# which stay whole, so the calls are split. argmin (a reduction with two
# results and linalg.index, which MLIR 22's partitioner crashes on) becomes a
# min and a first-matching-index reduction reading an iota of the clusters
# (lib/Transforms/ShardIndexInputs.cpp): `nearest` is split along the points,
# its labels all-gathered.
# RUN: arrayc --target=cpu --emit=linalg --mesh=2 --shard=dist2:0=0 --shard=nearest:0=0 --shard=centroids:0=0 --shard=centroids:1=0 --shard=counts:0=0 --verbose %s 2>&1 >/dev/null | FileCheck %s
# CHECK-DAG: arrayc: shard: dist2: argument 0 along dimension 0 split over 2 processes; {{[0-9]+}} collective(s)
# CHECK-DAG: arrayc: shard: nearest: argument 0 along dimension 0 split over 2 processes; {{[0-9]+}} collective(s)
# CHECK-DAG: arrayc: shard: centroids: argument 0 along dimension 0, argument 1 along dimension 0 split over 2 processes; 2 collective(s)
# CHECK-DAG: arrayc: shard: counts: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# STDOUT-NUMPY:
import numpy as np

def dist2(x: f64[n, d], c: f64[k, d]) -> f64[n, k]:
    return np.sum((x[:, None, :] - c[None, :, :]) ** 2, axis=2)

def nearest(x: f64[n, d], c: f64[k, d]) -> i64[n]:
    return np.argmin(np.sum((x[:, None, :] - c[None, :, :]) ** 2, axis=2), axis=1)

def counts(lab: i64[n], c: f64[k, d]) -> f64[k]:
    k = c.shape[0]
    onehot = (lab[:, None] == np.arange(k)[None, :]).astype(np.float64)
    return np.sum(onehot, axis=0)

def centroids(x: f64[n, d], lab: i64[n], c: f64[k, d]) -> f64[k, d]:
    k = c.shape[0]
    onehot = (lab[:, None] == np.arange(k)[None, :]).astype(np.float64)
    sizes = np.maximum(np.sum(onehot, axis=0), 1.0)
    return (onehot.T @ x) / sizes[:, None]

def main():
    t = np.arange(64 * 3, dtype=np.float64).reshape(64, 3)
    x = np.sin(t * 0.37) + np.cos(t * 0.11)
    c = x[:4].copy()
    lab = np.zeros(64, dtype=np.int64)
    for it in range(3):
        lab = nearest(x, c)
        c = centroids(x, lab, c)
    print(np.round(c, 10))
    print(counts(lab, c))
    print(np.round(np.min(dist2(x, c), axis=1)[:8], 10))
