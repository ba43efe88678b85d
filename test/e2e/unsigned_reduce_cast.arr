# RUN: %e2e %s
# Tests reductions and casts of unsigned arrays: sum/prod/cumsum accumulate
# in u64 (NumPy), max/min/argmax of values above the signed range, mean/var/
# std in f64, casts to and from floats (float -> u8 through i64 as NumPy on
# x86: -3.0 -> 253), widening (extui), narrowing (wraps), bool -> unsigned,
# unsigned -> signed of the same width, and the creation functions with an
# unsigned dtype.
# INPUT: a u8 [3, 40] range=0:256
# INPUT: d u64 [40] range=0:1.8e19
# INPUT: c u32 [40] range=0:4.2e9
# INPUT: x f32 [40] range=-100:300
# INPUT: p bool [40]
# OUTPUT: s
# OUTPUT: s0
# OUTPUT: s1k
# OUTPUT: pr
# OUTPUT: cs
# OUTPUT: mx
# OUTPUT: mn
# OUTPUT: mxd
# OUTPUT: amx
# OUTPUT: me
# OUTPUT: va
# OUTPUT: sd
# OUTPUT: tof
# OUTPUT: d2f
# OUTPUT: c2h
# OUTPUT: f2u8
# OUTPUT: f2u32
# OUTPUT: f2u64
# OUTPUT: wide
# OUTPUT: narrow
# OUTPUT: b2u
# OUTPUT: u2i
# OUTPUT: u2b
# OUTPUT: zs
# OUTPUT: os
# OUTPUT: fu
# OUTPUT: ar
# OUTPUT: zl
# OUTPUT: ey
# OUTPUT: fl
# OUTPUT: dcopy
import numpy as np

def main():
    a: u8[3, n] = np.load("a.npy")
    d: u64[n] = np.load("d.npy")
    c: u32[n] = np.load("c.npy")
    x: f32[n] = np.load("x.npy")
    p: bool[n] = np.load("p.npy")
    np.save("s.npy", np.sum(a))
    np.save("s0.npy", np.sum(a, axis=0))
    np.save("s1k.npy", np.sum(a, axis=1, keepdims=True))
    np.save("pr.npy", np.prod(a[0, 0:6]))
    np.save("cs.npy", np.cumsum(a[1]))
    np.save("mx.npy", np.max(a, axis=1))
    np.save("mn.npy", np.min(a))
    np.save("mxd.npy", np.max(d))
    np.save("amx.npy", np.argmax(c))
    np.save("me.npy", np.mean(a))
    np.save("va.npy", np.var(c))
    np.save("sd.npy", np.std(a, axis=0))
    np.save("tof.npy", a.astype(f32))
    np.save("d2f.npy", d.astype(f64))
    np.save("c2h.npy", c.astype(f16))
    np.save("f2u8.npy", x.astype(u8))
    np.save("f2u32.npy", np.abs(x).astype(u32))
    np.save("f2u64.npy", (d.astype(f64) * 0.5).astype(u64))
    np.save("wide.npy", a.astype(u64) * 1000000)
    np.save("narrow.npy", c.astype(u8))
    np.save("b2u.npy", p.astype(u16))
    np.save("u2i.npy", d.astype(i64))
    np.save("u2b.npy", a.astype(bool))
    np.save("zs.npy", np.zeros((2, 3), dtype=np.uint16))
    np.save("os.npy", np.ones_like(c))
    np.save("fu.npy", np.full(4, 250, dtype=np.uint8) + 10)
    np.save("ar.npy", np.arange(0, 10, 3, dtype=np.uint32))
    np.save("zl.npy", np.zeros_like(x, dtype=np.uint64))
    np.save("ey.npy", np.eye(3, dtype=np.uint8))
    np.save("fl.npy", np.full_like(a, 7))
    np.save("dcopy.npy", d)
