# RUN: %e2e %s
# Tests a six-deep loop nest (4^6 = 4096 innermost iterations, each with a
# slice, a temporary and a reduction) and a while loop inside it, under the
# default 8 MB stack. (acc sums 4096 f32 terms that cancel: 1e-5 failed on
# some seeds, e.g. 1.01e-05 at seed 2405151012.)
# INPUT: x f32 [8, 8]
# OUTPUT: acc 1e-4
# STDOUT-NUMPY:
import numpy as np

def nest(x: f32[n, n]) -> f32[4, 4]:
    acc = np.zeros((4, 4), dtype=np.float32)
    for a in range(4):
        for b in range(4):
            for c in range(4):
                for d in range(4):
                    for e in range(4):
                        for f in range(4):
                            w = x[a:a + 4, (b + c) % 4] * 0.5
                            acc[d, (e + f) % 4] += np.sum(w) * 0.001
                            k = 0
                            while k < 2:
                                acc[a, b] -= 0.0001 * x[k, f]
                                k += 1
    return acc

def main():
    x: f32[n, n] = np.load("x.npy")
    acc = nest(x)
    np.save("acc.npy", acc)
    print(acc.shape)
