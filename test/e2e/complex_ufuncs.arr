# RUN: %e2e %s
# Tests the transcendental and unary ufuncs on complex arrays (through the
# complex dialect), and isnan/isinf/isfinite (a complex is nan if either
# part is), on data with NaNs.
# INPUT: z c64 [8193]
# INPUT: w c128 [100] nan
# INPUT: e c64 [0]
# OUTPUT: sq
# OUTPUT: ex
# OUTPUT: lg
# OUTPUT: sn
# OUTPUT: cs
# OUTPUT: th
# OUTPUT: tn
# OUTPUT: l1
# OUTPUT: e1
# OUTPUT: sqr
# OUTPUT: rc
# OUTPUT: nan
# OUTPUT: inf
# OUTPUT: fin
# OUTPUT: wsq
# OUTPUT: wabs
# OUTPUT: empty
import numpy as np

def main():
    z: c64[n] = np.load("z.npy")
    w: c128[m] = np.load("w.npy")
    e: c64[k] = np.load("e.npy")
    np.save("sq.npy", np.sqrt(z))
    np.save("ex.npy", np.exp(z))
    np.save("lg.npy", np.log(z))
    np.save("sn.npy", np.sin(z))
    np.save("cs.npy", np.cos(z))
    np.save("th.npy", np.tanh(z))
    np.save("tn.npy", np.tan(z))
    np.save("l1.npy", np.log1p(z))
    np.save("e1.npy", np.expm1(z))
    np.save("sqr.npy", np.square(z))
    np.save("rc.npy", np.reciprocal(z))
    np.save("nan.npy", np.isnan(w))
    np.save("inf.npy", np.isinf(w * 1e308))
    np.save("fin.npy", np.isfinite(w))
    np.save("wsq.npy", np.sqrt(w))
    np.save("wabs.npy", np.abs(w))
    np.save("empty.npy", np.exp(e) * 2j)
