# RUN: %e2e %s
# Tests transposes on the GPU through shared-memory tiles (32x32, edge tiles
# partly outside the array): a.T, a.T combined with an in-order operand, the
# last two axes of a 3-d array swapped (f64), and 1- and 2-byte elements;
# the same answers on the CPU.
# INPUT: a f32 [70, 45]
# INPUT: b f32 [45, 70]
# INPUT: t f64 [3, 33, 65]
# INPUT: k i8 [40, 97] range=-100:100
# INPUT: h f16 [64, 32]
# INPUT: s f32 [1, 300]
# OUTPUT: at
# OUTPUT: mix
# OUTPUT: sw
# OUTPUT: kt
# OUTPUT: ht
# OUTPUT: st
import numpy as np

def main():
    a: f32[r, c] = np.load("a.npy")
    b: f32[c, r] = np.load("b.npy")
    t: f64[u, v, w] = np.load("t.npy")
    k: i8[p, q] = np.load("k.npy")
    h: f16[m, n] = np.load("h.npy")
    s: f32[x, y] = np.load("s.npy")
    np.save("at.npy", a.T)
    np.save("mix.npy", a.T * 2.0 + b)
    np.save("sw.npy", np.transpose(t, (0, 2, 1)) + 1.0)
    np.save("kt.npy", k.T)
    np.save("ht.npy", h.T * h.T)
    np.save("st.npy", s.T)
