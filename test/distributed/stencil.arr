# RUN: %e2e --mode=aot --flag=--mesh=2 --flag=--shard=jacobi:0=0 --flag=--shard=heat:0=0 --flag=--shard=poisson:0=0 --flag=--shard=poisson:1=0 --flag=--shard=wide:0=0 --flag=--shard=smooth:0=0 --flag=--shard=total:0=0 --flag=--shard=edges:0=0 --flag=--shard=shifted:0=0 --wrapper='%mpirun_same 2' %s
# RUN: %e2e --mode=aot --flag=--mesh=4 --flag=--shard=jacobi:0=0 --flag=--shard=heat:0=0 --flag=--shard=poisson:0=0 --flag=--shard=poisson:1=0 --flag=--shard=wide:0=0 --flag=--shard=smooth:0=0 --flag=--shard=total:0=0 --flag=--shard=edges:0=0 --flag=--shard=shifted:0=0 --wrapper='%mpirun_same 4' %s
# Stencils with their rows split (docs/distributed.md, "Stencils"): each
# process sweeps its rows plus one halo row (two for `wide`) of each
# neighbour, exchanged before every sweep; the result is gathered. `smooth`
# (elementwise) goes to MLIR's partitioner; what is not local along the rows
# (a sum over them, writes at fixed rows, the row count returned) stays replicated, with the reason.
# Values are small integers and quarters, exact in binary, so every process
# prints NumPy's digits.
# RUN: arrayc --target=cpu --emit=linalg --mesh=4 --shard=jacobi:0=0 --shard=heat:0=0 --shard=poisson:0=0 --shard=poisson:1=0 --shard=wide:0=0 --shard=smooth:0=0 --shard=total:0=0 --shard=edges:0=0 --shard=shifted:0=0 --verbose %s 2>&1 >/dev/null | FileCheck %s
# CHECK: arrayc: shard: jacobi: argument 0 along dimension 0 split over 4 processes as a stencil, a halo of 1 row(s); 1 halo exchange(s) in loops, 1 collective(s)
# CHECK: arrayc: shard: heat: argument 0 along dimension 0 split over 4 processes as a stencil, a halo of 1 row(s); 1 halo exchange(s) in loops, 1 collective(s)
# CHECK: arrayc: shard: poisson: argument 0, argument 1 along dimension 0 split over 4 processes as a stencil, a halo of 1 row(s); 1 halo exchange(s) in loops, 1 collective(s)
# CHECK: arrayc: shard: wide: argument 0 along dimension 0 split over 4 processes as a stencil, a halo of 2 row(s); 1 halo exchange(s) in loops, 1 collective(s)
# CHECK: arrayc: shard: smooth: argument 0 along dimension 0 split over 4 processes; 1 collective(s)
# CHECK: arrayc: shard: total called at {{.*}}stencil.arr:{{[0-9]+}}:{{[0-9]+}}: replicated ({{.*}}as a stencil: {{.*}} reduces along the split rows)
# CHECK: arrayc: shard: edges called at {{.*}}stencil.arr:{{[0-9]+}}:{{[0-9]+}}: replicated ({{.*}}as a stencil: {{.*}})
# CHECK: arrayc: shard: shifted called at {{.*}}stencil.arr:{{[0-9]+}}:{{[0-9]+}}: replicated ({{.*}}as a stencil: 'linalg.generic' at {{.*}} computes with a split array's row count)
# STDOUT-NUMPY:
import numpy as np

def jacobi(u: f64[n, m], iters: int) -> f64[n, m]:
    for it in range(iters):
        un = u.copy()
        un[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
        u = un
    return u

def heat(u: f64[n], steps: int) -> f64[n]:
    u = u.copy()
    for s in range(steps):
        u[1:-1] = u[1:-1] + 0.25 * (u[:-2] - 2.0 * u[1:-1] + u[2:])
    return u

def poisson(u: f64[n, m], f: f64[n, m], iters: int) -> f64[n, m]:
    for it in range(iters):
        un = u.copy()
        un[1:-1, 1:-1] = 0.25 * (u[1:-1, :-2] + u[1:-1, 2:] + u[:-2, 1:-1] + u[2:, 1:-1] - f[1:-1, 1:-1])
        u = un
    return u

def wide(u: f64[n, m], iters: int) -> f64[n, m]:
    for it in range(iters):
        v = u.copy()
        v[2:-2, :] = 0.5 * (u[:-4, :] + u[4:, :])
        u = v
    return u

def smooth(u: f64[n, m]) -> f64[n, m]:
    return 0.5 * u + 0.25 * np.sqrt(u * u)

def total(u: f64[n, m], iters: int) -> f64[n, m]:
    for it in range(iters):
        u = u - np.sum(u) / 1024.0
    return u

def edges(u: f64[n, m], iters: int) -> f64[n, m]:
    u = u.copy()
    for it in range(iters):
        u[0, :] = 1.0
        u[1:, :] = u[:-1, :] + 1.0
    return u

def shifted(u: f64[n, m]):
    v = u.copy()
    v[1:, :] = u[:-1, :]
    return v, u.shape[0]

def main():
    g = np.zeros((16, 6))
    for i in range(16):
        for j in range(6):
            g[i, j] = float((i * 7 + j * 3) % 11)
    g0 = g.copy()
    print(jacobi(g, 3))
    print(np.array_equal(g, g0))
    h = np.arange(16.0) % 5.0
    print(heat(h, 4))
    print(h)
    f = (g % 3.0) * 4.0
    print(poisson(g, f, 2))
    print(f)
    print(wide(g, 3))
    print(smooth(g - 5.0))
    print(total(g, 2))
    print(edges(g, 3))
    v, rows = shifted(g)
    print(v)
    print(rows)
    print(np.array_equal(g, g0))
