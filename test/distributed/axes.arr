# RUN: %e2e --mode=aot --flag=--mesh=2 --flag=--shard=rowsum:0=0 --flag=--shard=colsum:0=0 --flag=--shard=rowmax:0=1 --flag=--shard=center:0=0 --flag=--shard=rownorm:0=1 --flag=--shard=ident:0=0 --flag=--shard=outer:0=0 --flag=--shard=outer:1=0 --flag=--shard=tr:0=0 --flag=--shard=gram:0=0 --flag=--shard=total:0=1 --wrapper='%mpirun_same 2' %s
# RUN: %e2e --mode=aot --flag=--mesh=4 --flag=--shard=rowsum:0=0 --flag=--shard=colsum:0=0 --flag=--shard=rowmax:0=1 --flag=--shard=center:0=0 --flag=--shard=rownorm:0=1 --flag=--shard=ident:0=0 --flag=--shard=outer:0=0 --flag=--shard=outer:1=0 --flag=--shard=tr:0=0 --flag=--shard=gram:0=0 --flag=--shard=total:0=1 --wrapper='%mpirun_same 4' %s
# Reductions along one axis of a split matrix (over the split axis: an
# all-reduce of a vector; over the other: none, then a gather), a centered
# matrix (mean over the split axis), a transpose, a Gram matrix A.T @ A with
# A's rows split (local products, an all-reduce), a full sum of a
# column-split matrix; keepdims (a unit dimension broadcast) and an outer
# product of two split vectors (an all-to-all) stay replicated. With 4 processes the 6 columns do not divide: those calls are
# replicated too.
# RUN: arrayc --target=cpu --emit=linalg --mesh=2 --shard=rowsum:0=0 --shard=colsum:0=0 --shard=rowmax:0=1 --shard=center:0=0 --shard=rownorm:0=1 --shard=ident:0=0 --shard=outer:0=0 --shard=outer:1=0 --shard=tr:0=0 --shard=gram:0=0 --shard=total:0=1 --verbose %s 2>&1 >/dev/null | FileCheck %s
# CHECK: arrayc: shard: rowsum: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# CHECK: arrayc: shard: colsum: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# CHECK: arrayc: shard: rowmax: argument 0 along dimension 1 split over 2 processes; 1 collective(s)
# CHECK: arrayc: shard: center: argument 0 along dimension 0 split over 2 processes; 2 collective(s)
# CHECK: arrayc: shard: rownorm called at {{.*}}: replicated ('linalg.generic' at {{.*}} broadcasts a unit dimension (keepdims, or an array made with None), which MLIR's partitioner has no sharding rule for{{.*}})
# CHECK: arrayc: shard: ident: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# CHECK: arrayc: shard: outer called at {{.*}}: replicated (the partitioned function needs 'shard.all_to_all', which arrayc does not lower to the runtime yet{{.*}})
# CHECK: arrayc: shard: tr: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# CHECK: arrayc: shard: gram: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# CHECK: arrayc: shard: total: argument 0 along dimension 1 split over 2 processes; 1 collective(s)
# STDOUT-NUMPY:
import numpy as np

def rowsum(a: f64[n, m]) -> f64[n]:
    return np.sum(a, axis=1)

def colsum(a: f64[n, m]) -> f64[m]:
    return np.sum(a, axis=0)

def rowmax(a: f64[n, m]) -> f64[n]:
    return np.max(a, axis=1)

def center(a: f64[n, m]) -> f64[n, m]:
    return a - np.mean(a, axis=0)

def rownorm(a: f64[n, m]) -> f64[n, m]:
    s = np.sum(a * a, axis=1, keepdims=True)
    return a / (s + 1.0)

def ident(x: f64[n]) -> f64[n]:
    return x

def outer(x: f64[n], y: f64[m]) -> f64[n, m]:
    return x[:, None] * y[None, :]

def tr(a: f64[n, m]) -> f64[m, n]:
    return a.T * 2.0

def gram(a: f64[n, m]) -> f64[m, m]:
    return a.T @ a

def total(a: f64[n, m]) -> f64:
    return np.sum(a)

def main():
    a = np.reshape(np.arange(48.0), (8, 6)) - 10.0
    print(rowsum(a))
    print(colsum(a))
    print(rowmax(a))
    print(center(a))
    print(rownorm(a))
    print(ident(np.arange(8.0)))
    print(outer(np.arange(8.0), np.arange(4.0)))
    print(tr(a))
    print(gram(a))
    print(total(a))
