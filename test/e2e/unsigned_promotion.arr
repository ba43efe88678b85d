# RUN: %e2e %s
# Tests numpy.promote_types with unsigned dtypes: unsigned+signed meets in the
# signed type twice as wide (u64 with a signed int -> f64), unsigned+unsigned
# is the wider, unsigned+float per NumPy (u8+f16 -> f16, u16+f16 -> f32,
# u32+f32 -> f64), and NEP 50 weak Python scalars (u8+1 -> u8, u8+2.5 -> f64).
# INPUT: a u8 [50] range=0:256
# INPUT: b u16 [50] range=0:65536
# INPUT: c u32 [50] range=0:4e9
# INPUT: d u64 [50] range=0:1e15
# INPUT: s i8 [50] range=-128:128
# INPUT: t i16 [50]
# INPUT: k i32 [50]
# INPUT: l i64 [50]
# INPUT: h f16 [50]
# INPUT: f f32 [50]
# INPUT: g f64 [50]
# OUTPUT: as
# OUTPUT: bt
# OUTPUT: ck
# OUTPUT: ds
# OUTPUT: dl
# OUTPUT: at
# OUTPUT: bs
# OUTPUT: cs
# OUTPUT: ab
# OUTPUT: bc
# OUTPUT: cd
# OUTPUT: ad
# OUTPUT: ah
# OUTPUT: bh
# OUTPUT: ch
# OUTPUT: af
# OUTPUT: bf
# OUTPUT: cf
# OUTPUT: df
# OUTPUT: dg
# OUTPUT: w1
# OUTPUT: w2
# OUTPUT: w3
# OUTPUT: w4
# OUTPUT: w5
# OUTPUT: w6
import numpy as np

def main():
    a: u8[n] = np.load("a.npy")
    b: u16[n] = np.load("b.npy")
    c: u32[n] = np.load("c.npy")
    d: u64[n] = np.load("d.npy")
    s: i8[n] = np.load("s.npy")
    t: i16[n] = np.load("t.npy")
    k: i32[n] = np.load("k.npy")
    l: i64[n] = np.load("l.npy")
    h: f16[n] = np.load("h.npy")
    f: f32[n] = np.load("f.npy")
    g: f64[n] = np.load("g.npy")
    np.save("as.npy", a + s)
    np.save("bt.npy", b - t)
    np.save("ck.npy", c * k)
    np.save("ds.npy", d + s)
    np.save("dl.npy", d - l)
    np.save("at.npy", a * t)
    np.save("bs.npy", b + s)
    np.save("cs.npy", c - s)
    np.save("ab.npy", a + b)
    np.save("bc.npy", b * c)
    np.save("cd.npy", c + d)
    np.save("ad.npy", d - a)
    np.save("ah.npy", a + h)
    np.save("bh.npy", b * h)
    np.save("ch.npy", c + h)
    np.save("af.npy", a * f)
    np.save("bf.npy", b + f)
    np.save("cf.npy", c - f)
    np.save("df.npy", d + f)
    np.save("dg.npy", d * g)
    np.save("w1.npy", a + 1)
    np.save("w2.npy", b * 3 - 7)
    np.save("w3.npy", c + 4000000000)
    np.save("w4.npy", a + 2.5)
    np.save("w5.npy", d * True)
    np.save("w6.npy", (a + s) * 300)
