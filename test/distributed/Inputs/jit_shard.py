"""Sharded @arrayc.jit functions, as a NumPy user writes them, run on every
process of an MPI job (cpu) or of `arrayc launch` (cuda): each call computes
this process's block and returns NumPy's answer on every process. Checked
against the same functions run by NumPy on the same data; every rank prints
the same lines (test/distributed/python_jit.test,
test/distributed-gpu/python_jit.test).

Usage: jit_shard.py [cpu|cuda]
"""
import sys

import numpy as np

import arrayc

TARGET = sys.argv[1] if len(sys.argv) > 1 else "cpu"


@arrayc.jit(target=TARGET, mesh=2, shard={"a": 0, "b": 0})
def dot(a, b):
    return np.sum(a * b)


@arrayc.jit(target=TARGET, mesh=2, shard={"a": 0})
def matvec(a, v):
    return a @ v


@arrayc.jit(target=TARGET, mesh=2, shard={"u": 0})
def jacobi(u, iters):
    for it in range(iters):
        un = u.copy()
        un[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
        u = un
    return u


@arrayc.jit(target=TARGET, mesh=2, shard={"a": 0})
def matmul(a, b):
    return a @ b


# JAX's PartitionSpec spelling: dimension 0 whole, dimension 1 over mesh axis 0.
@arrayc.jit(target=TARGET, mesh=2, shard={0: (None, 0)})
def colsum(x):
    return np.sum(x, axis=0)


def host(r):
    return np.asarray(arrayc.asnumpy(r))


def check(name, fn, *args):
    """Calls the sharded function and NumPy's (the undecorated function) on
    copies; prints whether they agree, a rounded digest and whether the
    arguments came back unchanged."""
    before = [np.copy(a) for a in args]
    ref = fn.__wrapped__(*[np.copy(a) for a in args])
    out = host(fn(*args))
    same = all(np.array_equal(a, b) for a, b in zip(args, before))
    print("%s: shape %s, close %s, sum %.6f, arguments unchanged %s" % (
        name, out.shape, np.allclose(out, ref, rtol=1e-12, atol=1e-12),
        float(np.sum(out)), same))


rng = np.random.default_rng(0)
a = rng.standard_normal(1024)
b = rng.standard_normal(1024)
check("dot", dot, a, b)
check("dot again", dot, a, b)
check("dot 2048", dot, rng.standard_normal(2048), rng.standard_normal(2048))

A = rng.standard_normal((64, 48))
v = rng.standard_normal(48)
check("matvec", matvec, A, v)

u = np.zeros((64, 32))
u[0, :] = 1.0
u[:, 0] = rng.random(64)
check("jacobi", jacobi, u, 50)

check("matmul", matmul, A, rng.standard_normal((48, 24)))

X = rng.standard_normal((16, 64))
check("colsum", colsum, X)
