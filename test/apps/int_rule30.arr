# RUN: %e2e %s
# Elementary cellular automaton (Wolfram rule given as an int): the rule's
# lookup table from its bits, each new row by indexing the table with the
# 3-cell neighbourhood code (4*l + 2*c + r).
# INPUT: R f64 [101] range=0:1
# OUTPUT: history
# JIT: run_automaton
import numpy as np


def rule_table(rule):
    return np.array([(rule >> i) & 1 for i in range(8)], dtype=np.uint8)


def run_automaton(cells, rule, steps):
    table = rule_table(rule)
    hist = np.zeros((steps + 1, len(cells)), dtype=np.uint8)
    hist[0] = cells
    for t in range(steps):
        c = hist[t]
        code = 4 * np.roll(c, 1) + 2 * c + np.roll(c, -1)
        hist[t + 1] = table[code]
    return hist


def main():
    R: f64[n] = np.load("R.npy")
    cells = (R < 0.5).astype(np.uint8)
    np.save("history.npy", run_automaton(cells, 30, 60))
