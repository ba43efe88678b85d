# RUN: %e2e %s
# Tests the shape functions (bare and np.), attributes and methods on named
# and static dims, sizes 0 and 1 included.
# INPUT: x f32 [6, 4]
# INPUT: y f32 [6, 4]
# INPUT: z f64 [0, 3]
# INPUT: s i32 [1, 5, 1]
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
# OUTPUT: d
# OUTPUT: e
# OUTPUT: f
# OUTPUT: g
# OUTPUT: h
# OUTPUT: i
# OUTPUT: j
# OUTPUT: k
# OUTPUT: l
# OUTPUT: m
# OUTPUT: o
# OUTPUT: p
# OUTPUT: q
# OUTPUT: r
# OUTPUT: t
# OUTPUT: u
# OUTPUT: w
import numpy as np

def main():
    x: f32[n, m] = np.load("x.npy")
    y: f32[n, m] = np.load("y.npy")
    z: f64[q, 3] = np.load("z.npy")
    s: i32[1, 5, 1] = np.load("s.npy")
    np.save("a.npy", np.reshape(x, (-1,)))
    np.save("b.npy", x.reshape(x.shape[1], -1))
    np.save("c.npy", np.transpose(x) + x.T)
    np.save("d.npy", np.swapaxes(s, 0, 1))
    np.save("e.npy", np.expand_dims(x, (0, 2)))
    np.save("f.npy", squeeze(s))
    np.save("g.npy", np.squeeze(s, axis=2))
    np.save("h.npy", np.broadcast_to(s[0, :, 0], (3, 5)))
    np.save("i.npy", np.concatenate((x, y, x), axis=1))
    np.save("j.npy", np.stack((x, y), axis=-1))
    np.save("k.npy", np.vstack((x[0], y)))
    np.save("l.npy", np.hstack((x, y)))
    p1, p2, p3 = np.split(x, 3)
    np.save("m.npy", p2 - p3)
    u1, u2, u3 = np.split(x, [1, 3], axis=1)
    np.save("o.npy", u3)
    np.save("p.npy", np.flip(x) - np.flip(y, 0))
    np.save("q.npy", x.astype(np.float64).sum(axis=0, keepdims=True))
    np.save("r.npy", z.sum(axis=1) + z.flatten().sum())
    np.save("t.npy", s.transpose(2, 0, 1).astype(x.dtype) * x.ndim + s.size)
    np.save("u.npy", np.concatenate((z, z)).T.reshape(3, -1).copy())
    np.save("w.npy", x.max(1) - x.min() + x.prod(axis=-1))
