# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# A helper that updates an array in place and returns it (`p = step(p)`, as
# CFD codes write it) gives back the same array, as in NumPy: the caller's
# name keeps referring to it in loops, other names that share it see the
# writes, and a result bound to a new name shares memory with the argument.
# INPUT: u f64 [17, 19]
# INPUT: p f64 [17, 19]
# OUTPUT: u
# OUTPUT: p
# OUTPUT: q
# OUTPUT: b
# OUTPUT: r
import numpy as np

def relax(p, b, nit):
    for k in range(nit):
        pn = p.copy()
        p[1:-1, 1:-1] = 0.25 * (pn[1:-1, 2:] + pn[1:-1, :-2] + pn[2:, 1:-1] + pn[:-2, 1:-1]) - b[1:-1, 1:-1]
        p[:, -1] = p[:, -2]
        p[0, :] = 0
    return p

def source(b, u):
    b[1:-1, 1:-1] = 0.1 * (u[1:-1, 2:] - u[1:-1, :-2])
    return b

def advance(u, p, steps):
    b = np.zeros_like(u)
    for n in range(steps):
        un = u.copy()
        b = source(b, u)
        p = relax(p, b, 3)
        u[1:-1, 1:-1] = un[1:-1, 1:-1] - 0.05 * (p[1:-1, 2:] - p[1:-1, :-2])
    return u, p, b

def main():
    u: f64[n, m] = np.load("u.npy")
    p: f64[n, m] = np.load("p.npy")
    view = p[2:5, 3:7]
    u, p, b = advance(u, p, 4)
    q = relax(p, b, 1)
    q[0, 0] = 7.0
    r = view * 1.0
    np.save("u.npy", u)
    np.save("p.npy", p)
    np.save("q.npy", q)
    np.save("b.npy", b)
    np.save("r.npy", r)
