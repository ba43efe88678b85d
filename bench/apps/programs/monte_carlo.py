"""Monte-Carlo option pricing: geometric Brownian paths from given normals, an Asian
call and a down-and-out barrier call (test/apps/finance_monte_carlo_paths)."""
import types

import numpy as np


def gbm_paths(S0, mu, sigma, T, Z):
    n_paths, n_steps = Z.shape
    dt = T / n_steps
    increments = (mu - 0.5 * sigma**2) * dt + sigma * np.sqrt(dt) * Z
    log_paths = np.cumsum(increments, axis=1)
    return S0 * np.exp(np.hstack([np.zeros((n_paths, 1)), log_paths]))


def price_options(paths, K, barrier, r, T):
    disc = np.exp(-r * T)
    asian = disc * np.mean(np.maximum(paths[:, 1:].mean(axis=1) - K, 0))
    alive = np.all(paths > barrier, axis=1)
    payoff = np.maximum(paths[:, -1] - K, 0)
    payoff[~alive] = 0.0
    return np.array([asian, disc * payoff.mean(), alive.mean()])


def monte_carlo(Z):
    paths = gbm_paths(100.0, 0.05, 0.2, 1.0, Z)
    return price_options(paths, 100.0, 80.0, 0.05, 1.0)


KERNEL = monte_carlo


def inputs(rng):
    return [rng.standard_normal((1 << 15, 256))]


def small_inputs(rng):
    return [rng.standard_normal((200, 16))]


def jax_kernel(jnp, lax):
    paths_of = types.FunctionType(gbm_paths.__code__, {**globals(), "np": jnp})

    def monte_carlo_jax(Z):
        paths = paths_of(100.0, 0.05, 0.2, 1.0, Z)
        K, barrier, r, T = 100.0, 80.0, 0.05, 1.0
        disc = jnp.exp(-r * T)
        asian = disc * jnp.mean(jnp.maximum(paths[:, 1:].mean(axis=1) - K, 0))
        alive = jnp.all(paths > barrier, axis=1)
        payoff = jnp.where(alive, jnp.maximum(paths[:, -1] - K, 0), 0.0)
        return jnp.array([asian, disc * payoff.mean(), alive.mean()])
    return monte_carlo_jax


def torch_kernel(torch):
    """The NumPy source creates the paths' first column on the host under
    torch.compile (systems.py)."""
    import math

    def gbm_paths_torch(S0, mu, sigma, T, Z):
        n_paths, n_steps = Z.shape
        dt = T / n_steps
        increments = (mu - 0.5 * sigma**2) * dt + sigma * math.sqrt(dt) * Z
        log_paths = torch.cumsum(increments, dim=1)
        first = torch.zeros((n_paths, 1), dtype=Z.dtype, device=Z.device)
        return S0 * torch.exp(torch.cat([first, log_paths], dim=1))

    def price_options_torch(paths, K, barrier, r, T):
        disc = math.exp(-r * T)
        asian = disc * torch.mean(torch.clamp(paths[:, 1:].mean(dim=1) - K, min=0))
        alive = torch.all(paths > barrier, dim=1)
        payoff = torch.where(alive, torch.clamp(paths[:, -1] - K, min=0), 0.0)
        return torch.stack([asian, disc * payoff.mean(), alive.to(paths.dtype).mean()])

    def monte_carlo_torch(Z):
        paths = gbm_paths_torch(100.0, 0.05, 0.2, 1.0, Z)
        return price_options_torch(paths, 100.0, 80.0, 0.05, 1.0)
    return monte_carlo_torch
