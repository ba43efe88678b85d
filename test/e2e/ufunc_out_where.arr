# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# NumPy's out= and where= on ufuncs, as users write them: a safe division
# into zeros (np.divide(a, d, out=np.zeros_like(a), where=d != 0)), a result
# written into an existing array and returned as that array (a write through
# the returned name is seen in it), in place (out= an operand), where= on a
# view, an int out with an int ufunc, run-time sizes.
# INPUT: A f64 [6, 5]
# INPUT: d f64 [5]
# INPUT: k i64 [5] range=-5:5
# OUTPUT: M
# OUTPUT: buf
# OUTPUT: A
# OUTPUT: k
import numpy as np

def safe_ratio(A, d):
    return np.divide(A, d, out=np.zeros_like(A), where=np.abs(d) > 0.5)

def main():
    A: f64[n, m] = np.load("A.npy")
    d: f64[m] = np.load("d.npy")
    k: i64[m] = np.load("k.npy")
    M = safe_ratio(A, d)
    buf = np.empty_like(A)
    r = np.multiply(A, 2.0, out=buf)
    r[0, 0] = 77.0
    np.add(buf, 1, out=buf)
    top = A[:3]
    np.sqrt(np.abs(top), out=top, where=top > 0)
    np.maximum(k, 0, out=k)
    np.save("M.npy", M)
    np.save("buf.npy", buf)
    np.save("A.npy", A)
    np.save("k.npy", k)
