# RUN: %e2e %s
# Conway's Game of Life on a torus: neighbour counts by summing np.roll
# shifts, the birth/survival rule with boolean logic; population per step.
# INPUT: R f64 [32, 32] range=0:1
# OUTPUT: board
# OUTPUT: population
# JIT: life
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


def main():
    R: f64[n, m] = np.load("R.npy")
    board, pop = life(R < 0.35, 30)
    np.save("board.npy", board)
    np.save("population.npy", pop)
