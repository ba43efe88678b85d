"""Power iteration for the dominant eigenpair, stopping on a tolerance or a cap
(test/apps/linalg_power_iteration)."""
import numpy as np


def power_iteration(A, v, tol=1e-10, maxiter=500):
    v = v / np.linalg.norm(v)
    lam = 0.0
    it = 0
    while it < maxiter:
        w = A @ v
        lam_new = v @ w
        v = w / np.linalg.norm(w)
        it += 1
        if abs(lam_new - lam) < tol * abs(lam_new):
            lam = lam_new
            break
        lam = lam_new
    return lam, v, it


KERNEL = power_iteration
TOL = {"float64": 1e-6}


def problem(rng, n):
    B = rng.standard_normal((n, n))
    return [B.T @ B / n + np.eye(n), rng.random(n), 1e-10, 200]


def inputs(rng):
    return problem(rng, 2048)


def small_inputs(rng):
    return problem(rng, 40)


def jax_kernel(jnp, lax):
    def power_iteration_jax(A, v, tol, maxiter):
        v = v / jnp.linalg.norm(v)

        def cond(c):
            return (c[2] < maxiter) & ~c[3]

        def body(c):
            lam, v, it, _ = c
            w = A @ v
            lam_new = v @ w
            return lam_new, w / jnp.linalg.norm(w), it + 1, jnp.abs(lam_new - lam) < tol * jnp.abs(lam_new)
        lam, v, it, _ = lax.while_loop(cond, body, (jnp.zeros((), A.dtype), v, jnp.asarray(0), jnp.asarray(False)))
        return lam, v, it
    return power_iteration_jax


def torch_kernel(torch):
    """The stopping test is data-dependent, which torch.compile(fullgraph=True)
    cannot trace: the step is compiled, the loop and its test stay in Python."""
    @torch.compile(fullgraph=True)
    def step(A, v):
        w = A @ v
        return v @ w, w / torch.linalg.norm(w)

    def power_iteration_torch(A, v, tol=1e-10, maxiter=500):
        v = v / torch.linalg.norm(v)
        lam = 0.0
        it = 0
        while it < maxiter:
            lam_new, v = step(A, v)
            it += 1
            if abs(lam_new - lam) < tol * abs(lam_new):
                lam = lam_new
                break
            lam = lam_new
        return lam, v, it
    power_iteration_torch.compiled = True
    return power_iteration_torch
