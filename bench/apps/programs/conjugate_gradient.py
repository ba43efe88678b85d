"""Conjugate gradient on a dense SPD system, x refined in place, the residual
history returned (test/apps/linalg_conjugate_gradient)."""
import numpy as np


def cg(A, b, x, tol=1e-12, maxiter=None):
    if maxiter is None:
        maxiter = len(b)
    r = b - A @ x
    p = r.copy()
    rs = r @ r
    history = [np.sqrt(rs)]
    for i in range(maxiter):
        Ap = A @ p
        alpha = rs / (p @ Ap)
        x += alpha * p
        r -= alpha * Ap
        rs_new = r @ r
        history.append(np.sqrt(rs_new))
        if np.sqrt(rs_new) < tol:
            break
        p = r + (rs_new / rs) * p
        rs = rs_new
    return np.array(history)


KERNEL = cg
WRITES = (2,)
TOL = {"float64": 1e-6}  # the last residuals are near the tolerance, rounding-sized


def system(rng, n):
    M = rng.standard_normal((n, n))
    return [M @ M.T + n * np.eye(n), rng.random(n), rng.random(n)]


def inputs(rng):
    return system(rng, 4096)


def small_inputs(rng):
    return system(rng, 50)


def jax_kernel(jnp, lax):
    import jax

    @jax.jit
    def core(A, b, x):
        maxiter, tol = b.shape[0], 1e-12
        r = b - A @ x
        rs = r @ r
        hist = jnp.zeros(maxiter + 1, b.dtype).at[0].set(jnp.sqrt(rs))

        def cond(c):
            return (c[0] < maxiter) & ~c[6]

        def body(c):
            i, x, r, p, rs, hist, done = c
            Ap = A @ p
            alpha = rs / (p @ Ap)
            x = x + alpha * p
            r = r - alpha * Ap
            rs_new = r @ r
            hist = hist.at[i + 1].set(jnp.sqrt(rs_new))
            done = jnp.sqrt(rs_new) < tol
            return i + 1, x, r, r + (rs_new / rs) * p, rs_new, hist, done
        i, x, _, _, _, hist, _ = lax.while_loop(cond, body, (jnp.asarray(0), x, r, r, rs, hist, jnp.asarray(False)))
        return hist, i, x

    def cg_jax(A, b, x):
        hist, i, x = core(A, b, x)
        return hist[:int(i) + 1], x
    cg_jax.jitted = True
    return cg_jax


def torch_kernel(torch):
    """The stopping test is data-dependent, which torch.compile(fullgraph=True)
    cannot trace: the step is compiled, the loop and its test stay in Python."""
    @torch.compile(fullgraph=True)
    def step(A, x, r, p, rs):
        Ap = A @ p
        alpha = rs / (p @ Ap)
        x += alpha * p
        r -= alpha * Ap
        rs_new = r @ r
        return r + (rs_new / rs) * p, rs_new, torch.sqrt(rs_new)

    def cg_torch(A, b, x, tol=1e-12, maxiter=None):
        if maxiter is None:
            maxiter = len(b)
        r = b - A @ x
        p = r.clone()
        rs = r @ r
        history = [torch.sqrt(rs)]
        for i in range(maxiter):
            p, rs, res = step(A, x, r, p, rs)
            history.append(res)
            if res < tol:
                break
        return torch.stack(history)
    cg_torch.compiled = True
    return cg_torch
