# RUN: %e2e --mode=aot --flag=--mesh=2x2 --flag=--shard=colsum:0=0/0 --flag=--shard=colsum:0=1/1 --flag=--shard=total:0=0/1 --flag=--shard=total:0=1/0 --flag=--shard=scale:0=0/0+1 --flag=--shard=scale2:0=0/0 --flag=--shard=scale2:0=1/1 --flag=--shard=mm:0=0/0 --flag=--shard=mm:1=1/1 --flag=--shard=rows:0=0/0 --flag=--shard=vsum:0=0/1 --wrapper='%mpirun_same 4' %s
# A 2x2 mesh: a dimension per mesh axis (FUNC:ARG=DIM/AXIS). Reductions over
# one split dimension all-reduce among the processes of that mesh axis only
# (a communicator split once and cached), gathers likewise. What MLIR 22's
# partitioner gets wrong stays replicated: a dimension over two mesh axes
# (it aborts), a result split along both axes (it gathers one of them only).
# RUN: arrayc --target=cpu --emit=linalg --mesh=2x2 --shard=colsum:0=0/0 --shard=colsum:0=1/1 --shard=total:0=0/1 --shard=total:0=1/0 --shard=scale:0=0/0+1 --shard=scale2:0=0/0 --shard=scale2:0=1/1 --shard=mm:0=0/0 --shard=mm:1=1/1 --shard=rows:0=0/0 --shard=vsum:0=0/1 --verbose %s 2>&1 >/dev/null | FileCheck %s
# CHECK: arrayc: shard: colsum: argument 0 along dimension 0 (mesh axes 0), argument 0 along dimension 1 (mesh axes 1) split over 4 processes; 2 collective(s)
# CHECK: arrayc: shard: total: argument 0 along dimension 0 (mesh axes 1), argument 0 along dimension 1 (mesh axes 0) split over 4 processes; 1 collective(s)
# CHECK: arrayc: shard: scale called at {{.*}}: replicated (dimension 0 of argument 0 is split over several mesh axes, which MLIR 22's partitioner aborts on{{.*}})
# CHECK: arrayc: shard: scale2 called at {{.*}}: replicated (MLIR's partitioner returned a tensor<8x3xf64> for a tensor<8x6xf64> result{{.*}})
# CHECK: arrayc: shard: mm called at {{.*}}: replicated (MLIR's partitioner returned a tensor<8x2xf64> for a tensor<8x4xf64> result{{.*}})
# CHECK: arrayc: shard: rows: argument 0 along dimension 0 (mesh axes 0) split over 4 processes; 1 collective(s)
# CHECK: arrayc: shard: vsum: argument 0 along dimension 0 (mesh axes 1) split over 4 processes; 1 collective(s)
# RUN: arrayc --target=cpu --emit=linalg --mesh=2x2 --shard=colsum:0=0/0 --shard=colsum:0=1/1 %s | FileCheck --check-prefix=GROUPS %s
# GROUPS: call @arrayc_rt_coll_all_reduce_f64(%{{.*}}, %c0_i32, %c64_i32, %c0_i32, %c4_i64, %c1_i64,
# GROUPS: call @arrayc_rt_coll_all_gather_f64(%{{.*}}, %{{.*}}, %c8_i32, %c0_i64, %c4_i64, %c2_i64,
# STDOUT-NUMPY:
import numpy as np

def colsum(a: f64[n, m]) -> f64[m]:
    return np.sum(a, axis=0)

def total(a: f64[n, m]) -> f64:
    return np.sum(a * a)

def scale(a: f64[n, m]) -> f64[n, m]:
    return 2.0 * a + 1.0

def scale2(a: f64[n, m]) -> f64[n, m]:
    return 2.0 * a + 1.0

def mm(a: f64[n, k], b: f64[k, m]) -> f64[n, m]:
    return a @ b

def rows(a: f64[n, m]) -> f64[n]:
    return np.max(a, axis=1)

def vsum(x: f64[n]) -> f64:
    return np.sum(x)

def main():
    a = np.reshape(np.arange(48.0), (8, 6)) - 10.0
    print(colsum(a))
    print(total(a))
    print(scale(a))
    print(scale2(a))
    print(mm(a, np.reshape(np.arange(24.0), (6, 4))))
    print(rows(a))
    print(vsum(np.arange(16.0)))
