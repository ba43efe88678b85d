# RUN: %e2e %s
# Tests linalg.norm against NumPy: vector ords (None, 1, 2, inf, -inf, 0,
# other p), matrix ords (None, 'fro', 'nuc', 1, -1, inf, -inf, 2, -2), axis
# as an int or a pair in either order, keepdims, complex and integer input.
# INPUT: x f32 [7]
# INPUT: m f64 [4, 5]
# INPUT: t f32 [3, 4, 5]
# INPUT: z c64 [6]
# INPUT: k i32 [5]
# OUTPUT: n1
# OUTPUT: n2
# OUTPUT: n3
# OUTPUT: n4
# OUTPUT: n5
# OUTPUT: n6 1e-5
# OUTPUT: n7 1e-5
# OUTPUT: n8 1e-10
# OUTPUT: n9 1e-10
# OUTPUT: n10 1e-10
# OUTPUT: n11 1e-10
# OUTPUT: n12 1e-10
# OUTPUT: n13 1e-10
# OUTPUT: n14 1e-10
# OUTPUT: n15 1e-10
# OUTPUT: n16 1e-10
# OUTPUT: n17
# OUTPUT: n18 1e-5
# OUTPUT: n19
# OUTPUT: n20 1e-5
# OUTPUT: n21
# OUTPUT: n22
# OUTPUT: n23
# OUTPUT: n24
# OUTPUT: n25
import numpy as np

def main():
    x: f32[7] = np.load("x.npy")
    m: f64[4, 5] = np.load("m.npy")
    t: f32[3, 4, 5] = np.load("t.npy")
    z: c64[6] = np.load("z.npy")
    k: i32[5] = np.load("k.npy")
    np.save("n1.npy", linalg.norm(x))
    np.save("n2.npy", linalg.norm(x, 1))
    np.save("n3.npy", linalg.norm(x, np.inf))
    np.save("n4.npy", linalg.norm(x, -np.inf))
    np.save("n5.npy", linalg.norm(x, 0))
    np.save("n6.npy", linalg.norm(x, 3))
    np.save("n7.npy", linalg.norm(x, 0.5))
    np.save("n8.npy", np.linalg.norm(m))
    np.save("n9.npy", linalg.norm(m, "fro"))
    np.save("n10.npy", linalg.norm(m, "nuc"))
    np.save("n11.npy", linalg.norm(m, 1))
    np.save("n12.npy", linalg.norm(m, -1))
    np.save("n13.npy", linalg.norm(m, inf))
    np.save("n14.npy", linalg.norm(m, -inf))
    np.save("n15.npy", linalg.norm(m, 2))
    np.save("n16.npy", linalg.norm(m, -2))
    np.save("n17.npy", linalg.norm(t, axis=1))
    np.save("n18.npy", linalg.norm(t, 2, axis=(2, 0)))
    np.save("n19.npy", linalg.norm(t, 1, axis=(0, 2), keepdims=True))
    np.save("n20.npy", linalg.norm(t, "nuc", axis=(1, 2), keepdims=True))
    np.save("n21.npy", linalg.norm(z))
    np.save("n22.npy", linalg.norm(z, 1))
    np.save("n23.npy", linalg.norm(k))
    np.save("n24.npy", linalg.norm(t))
    np.save("n25.npy", linalg.norm(t, ord=-np.inf, axis=-1, keepdims=True))
