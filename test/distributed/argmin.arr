# RUN: %e2e --mode=aot --flag=--mesh=2 --flag=--shard=amin:0=0 --flag=--shard=amax:0=0 --flag=--shard=amin32:0=0 --flag=--shard=amini:0=0 --flag=--shard=amaxu:0=0 --flag=--shard=acol:0=0 --flag=--shard=both:0=0 --wrapper='%mpirun_same 2' %s
# RUN: %e2e --mode=aot --flag=--mesh=4 --flag=--shard=amin:0=0 --flag=--shard=amax:0=0 --flag=--shard=amin32:0=0 --flag=--shard=amini:0=0 --flag=--shard=amaxu:0=0 --flag=--shard=acol:0=0 --flag=--shard=both:0=0 --wrapper='%mpirun_same 4' %s
# np.argmin / np.argmax along the axis that stays whole, the rows split
# (lib/Transforms/ShardIndexInputs.cpp): a min (or max) reduction, then the
# first index holding it, read from an iota of the reduced axis. NumPy's
# answer on ties (the first), NaN (the first NaN), -0.0 == 0.0, infinities,
# f32, signed integers. Unsigned integers (their min has no signless
# collective) and an argmin along the split axis (the iota would be split,
# and the partitioner does not offset linalg.index) stay replicated.
# RUN: arrayc --target=cpu --emit=linalg --mesh=2 --shard=amin:0=0 --shard=amax:0=0 --shard=amin32:0=0 --shard=amini:0=0 --shard=amaxu:0=0 --shard=acol:0=0 --shard=both:0=0 --verbose %s 2>&1 >/dev/null | FileCheck %s
# CHECK: arrayc: shard: amin: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# CHECK: arrayc: shard: amax: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# CHECK: arrayc: shard: amin32: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# CHECK: arrayc: shard: amini: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# CHECK: arrayc: shard: amaxu: argument 0 along dimension 0 split over 2 processes row by row (no halo); 1 collective(s)
# CHECK: arrayc: shard: acol called at {{.*}}argmin.arr:{{[0-9]+}}:{{[0-9]+}}: replicated ('linalg.generic' at {{.*}} reads linalg.index along a split dimension, which the partitioner does not offset by the block{{.*}})
# CHECK: arrayc: shard: both: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# STDOUT-NUMPY:
import numpy as np

def amin(x: f64[n, k]) -> i64[n]:
    return np.argmin(x, axis=1)

def amax(x: f64[n, k]) -> i64[n]:
    return np.argmax(x, axis=1)

def amin32(x: f32[n, k]) -> i64[n]:
    return np.argmin(x, axis=1)

def amini(x: i64[n, k]) -> i64[n]:
    return np.argmin(x, axis=1)

def amaxu(x: u32[n, k]) -> i64[n]:
    return np.argmax(x, axis=1)

def acol(x: f64[n, k]) -> i64[k]:
    return np.argmin(x, axis=0)

def both(x: f64[n, k]) -> i64[n]:
    return np.argmin(x, axis=1) * 10 + np.argmax(x, axis=1)

def main():
    t = np.arange(8 * 5, dtype=np.float64).reshape(8, 5)
    x = np.round(np.sin(t * 0.7) * 3.0)
    x[1, 3] = np.nan
    x[2, 0] = np.nan
    x[2, 4] = np.nan
    x[3, :] = 0.0
    x[3, 2] = -0.0
    x[4, 1] = -np.inf
    x[4, 3] = -np.inf
    x[5, 0] = np.inf
    x[6, :] = np.inf
    print(amin(x))
    print(amax(x))
    print(amin32(x.astype(np.float32)))
    xi = np.round(np.cos(t * 1.3) * 4.0).astype(np.int64)
    xi[0, :] = -9223372036854775807 - 1
    xi[7, :] = 9223372036854775807
    print(amini(xi))
    print(amaxu((t * 7.0 % 11.0).astype(np.uint32)))
    print(acol(x))
    print(both(x))
