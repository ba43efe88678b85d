"""The in-place rows of the benchmark (issue 25), imported by bench/run.py.

Kernels that update their arguments (NumPy reference semantics), written as their
NumPy authors write them (npbench / PolyBench): the same code runs on NumPy, CuPy and
PyTorch tensors; JAX gets the `.at[].set` + `lax.fori_loop` rewrite it needs. The
scalar arguments (TSTEPS, TMAX) are those of build.sh's table (one source of truth for
the arrayc executable and the peers).
"""
import os

import numpy as np


def jacobi_2d(m, TSTEPS, A, B):
    for t in range(1, TSTEPS):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] +
                               A[2:, 1:-1] + A[:-2, 1:-1])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] +
                               B[2:, 1:-1] + B[:-2, 1:-1])


def heat_3d(m, TSTEPS, A, B):
    for t in range(1, TSTEPS):
        B[1:-1, 1:-1, 1:-1] = (0.125 * (A[2:, 1:-1, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                                        A[:-2, 1:-1, 1:-1]) +
                               0.125 * (A[1:-1, 2:, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                                        A[1:-1, :-2, 1:-1]) +
                               0.125 * (A[1:-1, 1:-1, 2:] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                                        A[1:-1, 1:-1, 0:-2]) + A[1:-1, 1:-1, 1:-1])
        A[1:-1, 1:-1, 1:-1] = (0.125 * (B[2:, 1:-1, 1:-1] - 2.0 * B[1:-1, 1:-1, 1:-1] +
                                        B[:-2, 1:-1, 1:-1]) +
                               0.125 * (B[1:-1, 2:, 1:-1] - 2.0 * B[1:-1, 1:-1, 1:-1] +
                                        B[1:-1, :-2, 1:-1]) +
                               0.125 * (B[1:-1, 1:-1, 2:] - 2.0 * B[1:-1, 1:-1, 1:-1] +
                                        B[1:-1, 1:-1, 0:-2]) + B[1:-1, 1:-1, 1:-1])


def fdtd_2d(m, TMAX, ex, ey, hz, _fict_):
    for t in range(TMAX):
        ey[0, :] = _fict_[t]
        ey[1:, :] -= 0.5 * (hz[1:, :] - hz[:-1, :])
        ex[:, 1:] -= 0.5 * (hz[:, 1:] - hz[:, :-1])
        hz[:-1, :-1] -= 0.7 * (ex[:-1, 1:] - ex[:-1, :-1] + ey[1:, :-1] - ey[:-1, :-1])


# The JAX rewrites: the same arithmetic in the same order, each update an `.at[].set`,
# the time loop a lax.fori_loop; they return the updated arrays (the `outs` of the row).
def jacobi_2d_jax(jnp, lax, TSTEPS, A, B):
    def step(t, AB):
        A, B = AB
        B = B.at[1:-1, 1:-1].set(0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] +
                                        A[2:, 1:-1] + A[:-2, 1:-1]))
        A = A.at[1:-1, 1:-1].set(0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] +
                                        B[2:, 1:-1] + B[:-2, 1:-1]))
        return A, B
    return lax.fori_loop(1, TSTEPS, step, (A, B))


def heat_3d_jax(jnp, lax, TSTEPS, A, B):
    def upd(A):
        return (0.125 * (A[2:, 1:-1, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] + A[:-2, 1:-1, 1:-1]) +
                0.125 * (A[1:-1, 2:, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] + A[1:-1, :-2, 1:-1]) +
                0.125 * (A[1:-1, 1:-1, 2:] - 2.0 * A[1:-1, 1:-1, 1:-1] + A[1:-1, 1:-1, 0:-2]) +
                A[1:-1, 1:-1, 1:-1])

    def step(t, AB):
        A, B = AB
        B = B.at[1:-1, 1:-1, 1:-1].set(upd(A))
        A = A.at[1:-1, 1:-1, 1:-1].set(upd(B))
        return A, B
    return lax.fori_loop(1, TSTEPS, step, (A, B))


def fdtd_2d_jax(jnp, lax, TMAX, ex, ey, hz, _fict_):
    def step(t, s):
        ex, ey, hz = s
        ey = ey.at[0, :].set(_fict_[t])
        ey = ey.at[1:, :].set(ey[1:, :] - 0.5 * (hz[1:, :] - hz[:-1, :]))
        ex = ex.at[:, 1:].set(ex[:, 1:] - 0.5 * (hz[:, 1:] - hz[:, :-1]))
        hz = hz.at[:-1, :-1].set(hz[:-1, :-1] - 0.7 * (ex[:-1, 1:] - ex[:-1, :-1] +
                                                      ey[1:, :-1] - ey[:-1, :-1]))
        return ex, ey, hz
    return lax.fori_loop(0, TMAX, step, (ex, ey, hz))


def inplace_table():
    """workload -> dict(sig=[('i', value) | ('a', rank)], outs=[array index]) for the
    in-place rows of build.sh's WORKLOADS table (output-rank column `inplace=K+...`)."""
    text = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "build.sh")).read()
    body = text.split('WORKLOADS="', 1)[1].split('"', 1)[0]
    table = {}
    for line in body.strip().splitlines():
        parts = line.split()
        if len(parts) >= 8 and parts[7].startswith("inplace="):
            sig = [("i", int(x[1:])) if x.startswith("i") else ("a", int(x))
                   for x in parts[6].split(",")]
            outs = [int(k) for k in parts[7][len("inplace="):].split("+")]
            table[parts[0]] = dict(sig=sig, outs=outs, nin=int(parts[5]))
    return table


def inplace_params(w, arrays):
    """The call's parameters in order: the row's scalars (Python ints) and `arrays`."""
    it = iter(arrays)
    return [v if k == "i" else next(it) for k, v in w["inplace"]["sig"]]


def inplace_output(w, arrays, to_host=np.asarray):
    """The row's updated arrays after a call, flattened and concatenated (host)."""
    return np.concatenate([np.asarray(to_host(arrays[k])).ravel()
                           for k in w["inplace"]["outs"]])


def add_inplace_workloads(add, dry, unif):
    T = inplace_table()
    J = 64 if dry else 4096
    H = 16 if dry else 256
    FX, FY = (64, 48) if dry else (4096, 4096)
    # Floor per call: every update reads its source arrays once and writes what it
    # updates once (no fusion across time steps: none of the systems does it).
    # Tolerance 1e-5 (relative L2 over the updated arrays after one call): f32 against
    # f64, or f32 rounded per statement against NumPy's f32 order, differ by 8.4e-7
    # (jacobi, 1024^2, TSTEPS=20), 3e-8 (heat, 128^3) and 2.8e-7 (fdtd, 1024^2, TMAX=20)
    # on these uniform [0, 1) inputs: jacobi and heat average (errors do not grow), fdtd
    # stays bounded (max |hz| ~2.5 over calls); a wrong border or offset is >1e-3.
    ts = T["jacobi_2d_4096"]["sig"][0][1]
    upd = 2 * (ts - 1)
    add("jacobi_2d_4096", f"jacobi_2d in place, {J}x{J} f32, TSTEPS={ts} ({upd} updates)",
        lambda r: [unif(r, J, J), unif(r, J, J)], upd * (J * J + (J - 2) ** 2) * 4,
        dict(np=jacobi_2d, torch=jacobi_2d, jax=jacobi_2d_jax, fuse=False, compile=True),
        1e-5, reps=20, warmup=2, queued=False, inplace=T["jacobi_2d_4096"])
    # The same loop at 128^2 and 200 steps: 398 updates of 64 KB each, launch-bound
    # (the floor is the launches: kernels per call x ~2-4 us). torch.compile would
    # unroll 200 steps at trace time: not measured here.
    S = 16 if dry else 128
    ts = T["jacobi_2d_128"]["sig"][0][1]
    upd = 2 * (ts - 1)
    add("jacobi_2d_128", f"jacobi_2d in place, {S}x{S} f32, TSTEPS={ts} ({upd} updates): launch-bound",
        lambda r: [unif(r, S, S), unif(r, S, S)], upd * (S * S + (S - 2) ** 2) * 4,
        dict(np=jacobi_2d, torch=jacobi_2d, jax=jacobi_2d_jax, fuse=False, compile=False),
        1e-5, reps=20, warmup=2, queued=False, inplace=T["jacobi_2d_128"])
    ts = T["heat_3d_256"]["sig"][0][1]
    upd = 2 * (ts - 1)
    add("heat_3d_256", f"heat_3d in place, {H}^3 f32, TSTEPS={ts} ({upd} updates)",
        lambda r: [unif(r, H, H, H), unif(r, H, H, H)], upd * (H ** 3 + (H - 2) ** 3) * 4,
        dict(np=heat_3d, torch=heat_3d, jax=heat_3d_jax, fuse=False, compile=True),
        1e-5, reps=20, warmup=2, queued=False, inplace=T["heat_3d_256"])
    tm = T["fdtd_2d_4096"]["sig"][0][1]
    # Per step: ey and ex updates read the field and hz, write the field (3 arrays
    # each); hz's reads hz, ex, ey and writes hz (4); ey's first row is negligible.
    add("fdtd_2d_4096", f"fdtd_2d in place, {FX}x{FY} f32, TMAX={tm}",
        lambda r: [unif(r, FX, FY), unif(r, FX, FY), unif(r, FX, FY), unif(r, tm)],
        tm * 10 * FX * FY * 4,
        dict(np=fdtd_2d, torch=fdtd_2d, jax=fdtd_2d_jax, fuse=False, compile=True),
        1e-5, reps=20, warmup=2, queued=False, inplace=T["fdtd_2d_4096"])
