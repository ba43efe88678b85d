# RUN: %e2e %s
# Tests unsigned semantics where signedness matters: wrapping (u8 200+100),
# `//` and `%` (0 for a zero divisor, as NumPy), logical `>>`, `<<`, unary
# minus (wraps), abs (identity), `**`, comparisons against values above the
# signed range and across the sign boundary (u8 vs i8 compare as i16),
# maximum/minimum/clip/argmax/argmin, sign, where, isnan/isfinite and
# floor/sqrt (u8 -> f16, u16 -> f32, u32 -> f64).
# INPUT: a u8 [64] range=0:256
# INPUT: z u8 [64] range=0:4
# INPUT: b u16 [64] range=0:65536
# INPUT: c u32 [64] range=0:4.2e9
# INPUT: d u64 [64] range=0:1.8e19
# INPUT: e u64 [64] range=0:3
# INPUT: s i8 [64] range=-128:128
# OUTPUT: wrap
# OUTPUT: fdiv
# OUTPUT: fmod
# OUTPUT: d64
# OUTPUT: m64
# OUTPUT: shr
# OUTPUT: shr64
# OUTPUT: shl
# OUTPUT: neg
# OUTPUT: neg64
# OUTPUT: ab
# OUTPUT: pw
# OUTPUT: lt
# OUTPUT: ge64
# OUTPUT: cross
# OUTPUT: crosseq
# OUTPUT: mx
# OUTPUT: mn64
# OUTPUT: mixmax
# OUTPUT: cl
# OUTPUT: amax
# OUTPUT: amin
# OUTPUT: sg
# OUTPUT: wh
# OUTPUT: nan
# OUTPUT: fin
# OUTPUT: sq8
# OUTPUT: sq16
# OUTPUT: sq32
# OUTPUT: fl
import numpy as np

def main():
    a: u8[n] = np.load("a.npy")
    z: u8[n] = np.load("z.npy")
    b: u16[n] = np.load("b.npy")
    c: u32[n] = np.load("c.npy")
    d: u64[n] = np.load("d.npy")
    e: u64[n] = np.load("e.npy")
    s: i8[n] = np.load("s.npy")
    np.save("wrap.npy", a + 200 + 100)
    np.save("fdiv.npy", a // z)
    np.save("fmod.npy", a % z)
    np.save("d64.npy", d // (e + 1))
    np.save("m64.npy", d % 1000000007)
    np.save("shr.npy", a >> z)
    np.save("shr64.npy", d >> 3)
    np.save("shl.npy", b << 3)
    np.save("neg.npy", -a)
    np.save("neg64.npy", -d)
    np.save("ab.npy", abs(a))
    np.save("pw.npy", b ** z)
    np.save("lt.npy", a < 128)
    np.save("ge64.npy", d >= 9223372036854775807)
    np.save("cross.npy", a < s)
    np.save("crosseq.npy", a.astype(i8) == s)
    np.save("mx.npy", np.maximum(a, 127))
    np.save("mn64.npy", np.minimum(d, 9000000000000000000))
    np.save("mixmax.npy", np.maximum(a, s))
    np.save("cl.npy", np.clip(c, 100000, 3000000000))
    np.save("amax.npy", np.argmax(d))
    np.save("amin.npy", np.argmin(a))
    np.save("sg.npy", np.sign(a))
    np.save("wh.npy", np.where(a > 127, a, b))
    np.save("nan.npy", np.isnan(a))
    np.save("fin.npy", np.isfinite(c))
    np.save("sq8.npy", np.sqrt(a))
    np.save("sq16.npy", np.sqrt(b))
    np.save("sq32.npy", np.sqrt(c))
    np.save("fl.npy", np.floor(b))
