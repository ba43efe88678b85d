# RUN: %e2e %s
# Tests that every place that reads a dtype name accepts the same spellings:
# `.astype` takes NumPy's aliases (np.half, np.single, np.double, np.intc,
# float, int, "single") as `dtype=` does, and `dtype=` takes `x.dtype` as
# `.astype` does.
# INPUT: x f32 [37]
# INPUT: k i32 [37]
# OUTPUT: half
# OUTPUT: single
# OUTPUT: double
# OUTPUT: intc
# OUTPUT: pyfloat
# OUTPUT: pyint
# OUTPUT: str
# OUTPUT: ushort
# OUTPUT: like
# OUTPUT: zhalf
# OUTPUT: cdouble
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    k: i32[n] = np.load("k.npy")
    np.save("half.npy", x.astype(np.half))
    np.save("single.npy", k.astype(np.single))
    np.save("double.npy", x.astype(np.double) * 3.0)
    np.save("intc.npy", (x * 10.0).astype(np.intc))
    np.save("pyfloat.npy", k.astype(float) / 7.0)
    np.save("pyint.npy", (x * 100.0).astype(int))
    np.save("str.npy", k.astype("single") + x)
    np.save("ushort.npy", (k + 200).astype(np.ushort))
    np.save("like.npy", np.ones(3, dtype=x.dtype) + np.zeros(3, dtype=k.dtype))
    np.save("zhalf.npy", np.zeros(4, dtype=np.half) + np.ones(4, dtype="half"))
    np.save("cdouble.npy", x.astype(np.cdouble) * 1j)
