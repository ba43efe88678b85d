"""Conway's Game of Life on a torus: neighbour counts from np.roll shifts, the rule
in boolean logic, the population per generation (test/apps/int_game_of_life)."""
import types

import numpy as np


def step(board):
    n = sum(np.roll(np.roll(board, i, 0), j, 1)
            for i in (-1, 0, 1) for j in (-1, 0, 1) if (i != 0 or j != 0))
    return (n == 3) | (board & (n == 2))


def life(board, generations):
    pop = np.zeros(generations, dtype=int)
    for g in range(generations):
        board = step(board)
        pop[g] = board.sum()
    return board, pop


KERNEL = life


def inputs(rng):
    return [rng.random((2048, 2048)) < 0.35, 20]


def small_inputs(rng):
    return [rng.random((30, 40)) < 0.35, 5]


def jax_kernel(jnp, lax):
    step_of = types.FunctionType(step.__code__, {**globals(), "np": jnp})

    def life_jax(board, generations):
        def body(g, c):
            board, pop = c
            board = step_of(board)
            return board, pop.at[g].set(board.sum())
        return lax.fori_loop(0, generations, body, (board, jnp.zeros(generations, dtype=int)))
    return life_jax
