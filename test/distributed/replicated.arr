# RUN: %e2e --mode=aot --flag=--mesh=4 --flag=--shard=dot:0=0 --flag=--shard=dot:1=0 --flag=--shard=smooth:0=0 --flag=--shard=ramp:0=0 --wrapper='%mpirun_same 4' %s
# What the partitioner would get wrong runs replicated, on the whole arrays,
# and still prints NumPy's answer: a size that does not divide by the mesh,
# a generic reading its index (np.arange inside the function). A loop of
# elementwise steps (`smooth`) is split row by row (ShardStencil.cpp: no
# halo needed), its result gathered.
# RUN: arrayc --target=cpu --emit=linalg --mesh=4 --shard=dot:0=0 --shard=dot:1=0 --shard=smooth:0=0 --shard=ramp:0=0 --verbose %s 2>&1 >/dev/null | FileCheck %s
# CHECK: arrayc: shard: dot: argument 0 stays whole: its dimension 0 (10) is not a multiple of the mesh's 4 processes
# CHECK: arrayc: shard: dot called at {{.*}}replicated.arr:{{[0-9]+}}:{{[0-9]+}}: replicated (no split argument left)
# CHECK: arrayc: shard: dot: argument 0 along dimension 0, argument 1 along dimension 0 split over 4 processes; 1 collective(s)
# CHECK: arrayc: shard: smooth: argument 0 along dimension 0 split over 4 processes row by row (no halo); 1 collective(s)
# CHECK: arrayc: shard: ramp called at {{.*}}: replicated ('linalg.generic' at {{.*}} reads linalg.index along a split dimension, which the partitioner does not offset by the block; as a stencil: {{.*}} reads its row index (a position along the split rows))
# STDOUT-NUMPY:
import numpy as np

def dot(a: f64[n], b: f64[n]) -> f64:
    return np.sum(a * b)

def smooth(x: f64[n]) -> f64[n]:
    for i in range(3):
        x = 0.5 * x + 1.0
    return x

def ramp(x: f64[n]) -> f64[n]:
    return x + np.arange(x.shape[0])

def main():
    print(dot(np.arange(10.0), np.ones(10)))
    print(dot(np.arange(16.0), np.ones(16)))
    print(smooth(np.arange(8.0)))
    print(ramp(np.ones(8)))
