# RUN: %e2e %s
# Tests np.roll as NumPy users write stencils: a Game of Life on a torus (the
# eight neighbour rolls summed by Python's sum over a generator, shifts -1,
# 0 and 1 on both axes, the board rebound each generation and the population
# stored per step), a 5-point Laplacian scaled by a host scalar updating an
# array in place, run-time shifts larger than the axis and negative, and a
# roll by a literal 0 that is a new array: writing to it leaves the source
# alone (NumPy's roll always copies).
# INPUT: board bool [30, 41]
# INPUT: u f64 [17, 9]
# INPUT: x f32 [13]
# OUTPUT: board
# OUTPUT: pop
# OUTPUT: u
# OUTPUT: rx
# OUTPUT: x
# OUTPUT: z
import numpy as np

def step(board):
    n = sum(np.roll(np.roll(board, i, 0), j, 1)
            for i in (-1, 0, 1) for j in (-1, 0, 1) if (i != 0 or j != 0))
    return (n == 3) | (board & (n == 2))

def life(board: bool[a, b], generations: int):
    pop = np.zeros(generations, dtype=int)
    for g in range(generations):
        board = step(board)
        pop[g] = board.sum()
    return board, pop

def diffuse(u: f64[n, m], alpha: float, steps: int):
    for _ in range(steps):
        lap = np.roll(u, 1, 0) + np.roll(u, -1, 0) + np.roll(u, 1, 1) + np.roll(u, -1, 1) - 4 * u
        u += alpha * lap

def main():
    board: bool[a, b] = np.load("board.npy")
    u: f64[n, m] = np.load("u.npy")
    x: f32[k] = np.load("x.npy")
    board, pop = life(board, 7)
    diffuse(u, 0.1, 5)
    k = x.shape[0]
    rx = np.roll(x, 3 * k + 2) - np.roll(x, -k - 5)
    z = np.roll(x, 0)
    z[0] = 99.0
    np.save("board.npy", board)
    np.save("pop.npy", pop)
    np.save("u.npy", u)
    np.save("rx.npy", rx)
    np.save("x.npy", x)
    np.save("z.npy", z)
