# RUN: %e2e --mode=aot --flag=--mesh=2 --flag=--shard=stats:0=0 --flag=--shard=stats:1=0 --flag=--shard=mv:0=0 --flag=--shard=mm:0=0 --flag=--shard=kmm:0=1 --flag=--shard=kmm:1=0 --flag=--shard=scale:0=1 --flag=--shard=counts:0=0 --wrapper='%mpirun_same 2' %s
# RUN: %e2e --mode=aot --flag=--mesh=4 --flag=--shard=stats:0=0 --flag=--shard=stats:1=0 --flag=--shard=mv:0=0 --flag=--shard=mm:0=0 --flag=--shard=kmm:0=1 --flag=--shard=kmm:1=0 --flag=--shard=scale:0=1 --flag=--shard=counts:0=0 --wrapper='%mpirun_same 4' %s
# What the partitioner splits, as NumPy users write it: an elementwise chain
# with reductions (sum, max, min, mean: local reductions + all-reduces), a
# row-split matrix-vector and matrix product (local rows + an all-gather), a
# product split along k (local products + an all-reduce), a column-split
# elementwise function (an all-gather along axis 1) and integer counts.
# Values are exact in binary, so every summation order prints NumPy's digits.
# RUN: arrayc --target=cpu --emit=linalg --mesh=4 --shard=stats:0=0 --shard=stats:1=0 --shard=mv:0=0 --shard=mm:0=0 --shard=kmm:0=1 --shard=kmm:1=0 --shard=scale:0=1 --shard=counts:0=0 --verbose %s 2>&1 >/dev/null | FileCheck %s
# CHECK: arrayc: shard: stats: argument 0 along dimension 0, argument 1 along dimension 0 split over 4 processes; 4 collective(s)
# CHECK: arrayc: shard: mv: argument 0 along dimension 0 split over 4 processes; 1 collective(s)
# CHECK: arrayc: shard: mm: argument 0 along dimension 0 split over 4 processes; 1 collective(s)
# CHECK: arrayc: shard: kmm: argument 0 along dimension 1, argument 1 along dimension 0 split over 4 processes; 1 collective(s)
# CHECK: arrayc: shard: scale: argument 0 along dimension 1 split over 4 processes; 1 collective(s)
# CHECK: arrayc: shard: counts: argument 0 along dimension 0 split over 4 processes
# STDOUT-NUMPY:
import numpy as np

def stats(x: f64[n], y: f64[n]):
    e = 0.5 * x * x + 3.0 * x - y
    return np.sum(e), np.max(e), np.min(e * y), np.mean(y)

def mv(a: f64[n, m], v: f64[m]) -> f64[n]:
    return a @ v

def mm(a: f64[n, k], b: f64[k, m]) -> f64[n, m]:
    return a @ b

def kmm(a: f64[n, k], b: f64[k, m]) -> f64[n, m]:
    return a @ b

def scale(x: f32[n, m]) -> f32[n, m]:
    return 2.0 * x + 1.0

def counts(v: i64[n]):
    return np.sum(v * v), np.max(v), np.prod(v % 3 + 1)

def main():
    x = np.arange(32.0) - 12.0
    y = np.arange(32.0) * 0.25
    s, mx, mn, mu = stats(x, y)
    print(s, mx, mn, mu)
    a = np.reshape(np.arange(64.0), (8, 8)) - 20.0
    v = np.ones(8) * 0.5
    print(mv(a, v))
    b = np.reshape(np.arange(24.0), (8, 3))
    print(mm(a, b))
    print(kmm(a, b))
    print(scale(np.reshape(np.arange(24, dtype=np.float32), (3, 8))))
    c2, cmax, cprod = counts(np.arange(16) - 5)
    print(c2, cmax, cprod)
