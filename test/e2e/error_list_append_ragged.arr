# RUN: %e2e %s
# Tests that items of different sizes appended once per iteration of a range
# loop (a list allocated once with the first items' sizes, GenControlFlow.cpp)
# stop the program at the append with NumPy's concatenation message, as the
# copying append does: the list here is not one array (NumPy's np.stack
# fails on it).
# INPUT: v f64 [6]
# EXPECT-EXIT: 1
# EXPECT-ERROR: error_list_append_ragged.arr:18:9: all the input array dimensions except for the concatenation axis must match exactly, but along dimension 1, the array at index 0 has size 6 and the array at index 1 has size 5
import numpy as np


def main():
    v: f64[k] = np.load("v.npy")
    y = v.copy()
    xs = []
    for j in range(3):
        xs.append(y * 2.0)
        y = y[1:]
    np.save("s.npy", np.stack(xs))
