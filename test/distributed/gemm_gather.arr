# RUN: %e2e --mode=aot --flag=--mesh=2 --flag=--shard=mm32:0=0 --flag=--shard=mm64:0=0 --flag=--shard=proj:0=0 --flag=--shard=scaled:0=0 --wrapper='%mpirun_same 2' %s
# RUN: %e2e --mode=jit --flag=--mesh=2 --flag=--shard=mm32:0=0 --flag=--shard=mm64:0=0 --flag=--shard=proj:0=0 --flag=--shard=scaled:0=0 --wrapper='%mpirun_same 2' %s
# RUN: %e2e --mode=aot --flag=--mesh=4 --flag=--shard=mm32:0=0 --flag=--shard=mm64:0=0 --flag=--shard=proj:0=0 --flag=--shard=scaled:0=0 --wrapper='%mpirun_same 4' %s
# Matrix products with A's rows split and the result whole: each process
# computes its rows straight into the gathered result and the blocks are
# gathered in place (one call, arrayc_rt_coll_gemm_all_gather_<T>). A the rows of a
# larger array (a view), B a column slice of a wider matrix (its rows
# strided), products called in a loop whose result feeds the next call, one
# row per process, and a product followed by more work in the function
# (then the ordinary all-gather). Values are small integers, exact in f32
# and f64, so every process prints NumPy's digits; the arguments are
# printed after the calls.
# RUN: arrayc --target=cpu --emit=llvm --mesh=2 --shard=mm32:0=0 --shard=mm64:0=0 --shard=proj:0=0 --shard=scaled:0=0 --verbose %s 2>%t.notes | FileCheck %s
# RUN: FileCheck --check-prefix=NOTES %s < %t.notes
# CHECK-DAG: call void @arrayc_rt_coll_gemm_all_gather_f32(
# CHECK-DAG: call void @arrayc_rt_coll_gemm_all_gather_f64(
# CHECK-DAG: call void @arrayc_rt_coll_all_gather_f64(
# NOTES: arrayc: shard: mm32: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# NOTES: arrayc: shard: mm64: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# NOTES: arrayc: shard: proj: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# NOTES: arrayc: shard: scaled: argument 0 along dimension 0 split over 2 processes; 1 collective(s)
# STDOUT-NUMPY:
import numpy as np

def mm32(a: f32[n, k], b: f32[k, m]) -> f32[n, m]:
    return a @ b

def mm64(a: f64[n, k], b: f64[k, m]) -> f64[n, m]:
    return np.matmul(a, b)

def proj(x: f64[n, k], w: f64[k, m]) -> f64[n, m]:
    return x @ w

def scaled(a: f64[n, k], b: f64[k, m]) -> f64[n, m]:
    c = a @ b
    return c * 0.5 + 1.0

def main():
    t = np.arange(24 * 40, dtype=np.float64).reshape(24, 40)
    big = np.floor(np.sin(t * 0.37) * 4.0)
    w = np.floor(np.cos(t[:40, :].T[:, :24] * 0.21) * 3.0)
    a32 = big[:8, :12].astype(np.float32)
    b32 = np.floor(np.cos(np.arange(12 * 20) * 0.5) * 3.0).reshape(12, 20).astype(np.float32)
    print(mm32(a32, b32))
    print(np.sum(a32), np.sum(b32))
    # A: rows 4..20 of a larger array; B: columns 3..13 of a 24-wide matrix.
    a = big[4:20, :]
    b = w[:, 3:13]
    c = mm64(a, b)
    print(c)
    print(np.sum(a), np.sum(b))
    # One row per process (4 rows over up to 4 processes), in a loop.
    x = big[:4, :6].copy()
    m = np.floor(np.sin(np.arange(36) * 0.9) * 2.0).reshape(6, 6)
    for it in range(3):
        x = proj(x, m)
        x = np.clip(x, -50.0, 50.0)
        print(x)
    print(m)
    print(scaled(big[:8, :], w[:, :16]))
    print(np.sum(big), np.sum(w))
