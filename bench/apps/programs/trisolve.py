"""Forward substitution, one row per iteration (a triangular solve loop; issue 27's
launch-bound example)."""
import numpy as np


def forward_substitution(L, b):
    n = b.shape[0]
    x = np.zeros_like(b)
    for i in range(n):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]
    return x


KERNEL = forward_substitution
SKIP = {"torch_compile": "torch.compile unrolls the 4000-iteration Python loop; not attempted"}


def lower(rng, n):
    return np.tril(rng.random((n, n))) / n + np.eye(n)


def inputs(rng):
    return [lower(rng, 4000), rng.random(4000)]


def small_inputs(rng):
    return [lower(rng, 40), rng.random(40)]


def jax_kernel(jnp, lax):
    def forward_substitution_jax(L, b):
        # x is zero from row i on, so L[i] @ x is L[i, :i] @ x[:i].
        def body(i, x):
            return x.at[i].set((b[i] - L[i] @ x) / L[i, i])
        return lax.fori_loop(0, b.shape[0], body, jnp.zeros_like(b))
    return forward_substitution_jax
