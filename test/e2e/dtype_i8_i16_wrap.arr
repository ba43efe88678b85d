# RUN: %e2e %s
# Tests i8/i16 arithmetic that wraps around (NumPy keeps the dtype), a weak
# int literal taking the small dtype, and i8 -> i16 promotion.
# INPUT: s i8 [300] range=-128:128
# INPUT: t i16 [300] range=-32768:32768
# OUTPUT: sadd
# OUTPUT: smul
# OUTPUT: tmul
# OUTPUT: mixed
# OUTPUT: neg
# OUTPUT: ssum
# OUTPUT: smax
import numpy as np

def main():
    s: i8[n] = np.load("s.npy")
    t: i16[n] = np.load("t.npy")
    np.save("sadd.npy", s + 100)
    np.save("smul.npy", s * s)
    np.save("tmul.npy", t * 3 - t)
    np.save("mixed.npy", s * t)
    np.save("neg.npy", -s)
    np.save("ssum.npy", sum(s))
    np.save("smax.npy", max(s * 2, axis=0))
