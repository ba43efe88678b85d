# RUN: %e2e %s
# Maximum drawdown of an equity curve via np.maximum.accumulate, the start
# and end of the worst drawdown, and the longest time under water.
# INPUT: r f64 [750]
# OUTPUT: dd
# OUTPUT: worst
# OUTPUT: longest
# JIT: drawdown longest_underwater
import numpy as np


def drawdown(equity):
    peak = np.maximum.accumulate(equity)
    dd = equity / peak - 1
    end = np.argmin(dd)
    start = np.argmax(equity[:end + 1])
    return dd, np.array([dd[end], start, end])


def longest_underwater(dd):
    longest = cur = 0
    for v in dd:
        if v < 0:
            cur += 1
            longest = max(longest, cur)
        else:
            cur = 0
    return longest


def main():
    r: f64[n] = np.load("r.npy")
    equity = np.cumprod(1 + 0.01 * r)
    dd, worst = drawdown(equity)
    np.save("dd.npy", dd)
    np.save("worst.npy", worst)
    np.save("longest.npy", longest_underwater(dd))
