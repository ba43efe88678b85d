# RUN: %e2e --mode=aot --flag=--mesh=2 --flag=--shard=dot:0=0 --flag=--shard=dot:1=0 --flag=--shard=norm:0=0 --wrapper='%mpirun_same 2' %s
# RUN: %e2e --mode=aot --flag=--mesh=4 --flag=--shard=dot:0=0 --flag=--shard=dot:1=0 --flag=--shard=norm:0=0 --wrapper='%mpirun_same 4' %s
# Only a's split: every process takes its block of the replicated b too.
# RUN: %e2e --mode=aot --flag=--mesh=4 --flag=--shard=dot:0=0 --wrapper='%mpirun_same 4' %s
# `mpirun -np N arrayc run --mesh=N ...` (the JIT, through the compile cache).
# RUN: %e2e --mode=jit --flag=--mesh=2 --flag=--shard=dot:0=0 --flag=--shard=dot:1=0 --flag=--shard=norm:0=0 --wrapper='%mpirun_same 2' %s
# A dot product and a norm with their vectors split over the processes:
# local products and sums, then one all-reduce each.
# STDOUT-NUMPY:
import numpy as np

def dot(a: f64[n], b: f64[n]) -> f64:
    return np.sum(a * b)

def norm(x: f64[n]) -> f64:
    return np.sqrt(np.sum(x * x))

def main():
    a = np.arange(64.0)
    b = np.ones(64) * 0.5 - np.arange(64.0) * 0.25
    print(dot(a, b))
    print(norm(np.arange(16.0) - 4.0))
