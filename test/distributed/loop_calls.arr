# RUN: %e2e --mode=aot --flag=--mesh=4 --flag=--shard=step:0=0 --flag=--shard=step:1=0 --flag=--shard=err:0=0 --flag=--shard=err:1=0 --wrapper='%mpirun_same 4' %s
# Sharded functions called in a loop of main (an iteration with a
# convergence measure): each call slices, computes its block and gathers or
# all-reduces; the loop itself runs on every process.
# RUN: arrayc --target=cpu --emit=linalg --mesh=4 --shard=step:0=0 --shard=step:1=0 --shard=err:0=0 --shard=err:1=0 --verbose %s 2>&1 >/dev/null | FileCheck %s
# CHECK: arrayc: shard: step: argument 0 along dimension 0, argument 1 along dimension 0 split over 4 processes; 1 collective(s)
# CHECK: arrayc: shard: err: argument 0 along dimension 0, argument 1 along dimension 0 split over 4 processes; 1 collective(s)
# STDOUT-NUMPY:
import numpy as np

def step(x: f64[n], y: f64[n]) -> f64[n]:
    return 0.5 * x + 0.25 * y

def err(x: f64[n], y: f64[n]) -> f64:
    return np.max(np.abs(x - y))

def main():
    x = np.arange(16.0)
    y = np.ones(16) * 3.0
    for i in range(5):
        x = step(x, y)
        print(err(x, y))
    print(x)
