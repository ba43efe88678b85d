# RUN: %e2e %s
# Tests np.mgrid and np.ogrid (literal and run-time bounds, negative and
# float steps, imaginary point counts) and np.fromfunction with a function of
# the module (float and int index arrays, a run-time shape), as NumPy users
# write them.
# INPUT: img f64 [6, 9]
# INPUT: k i64 [] range=1:12
# OUTPUT: g0
# OUTPUT: g1
# OUTPUT: g2
# OUTPUT: g3
# OUTPUT: g4
# OUTPUT: g5
# OUTPUT: o0
# OUTPUT: o1
# OUTPUT: lat
# OUTPUT: f0
# OUTPUT: f1
# OUTPUT: f2
import numpy as np

def checker(i, j):
    return (i + j) % 2 == 0

def gauss(i, j):
    return np.exp(-((i - 2.5) ** 2 + (j - 4.0) ** 2) / 8.0)

def main():
    img: f64[h, w] = np.load("img.npy")
    k: i64 = np.load("k.npy")
    h, w = img.shape
    np.save("g0.npy", np.mgrid[0:3, 0:4])
    np.save("g1.npy", np.mgrid[0:h, 0:w][1] * img)
    np.save("g2.npy", np.mgrid[-1:1:5j, 0:2:3j])
    np.save("g3.npy", np.mgrid[10:0:-3])
    np.save("g4.npy", np.mgrid[0:1:0.25, 0:k])
    np.save("g5.npy", np.mgrid[2:k:2])
    y, x = np.ogrid[0:h, 0:w]
    np.save("o0.npy", (y - h / 2) ** 2 + (x - w / 2) ** 2)
    np.save("o1.npy", np.ogrid[0:1:4j, 1:3][0])
    np.save("lat.npy", np.mgrid[0:3, 0:3, 0:3].reshape(3, -1).T * (2.0 / 3) + 1.0)
    np.save("f0.npy", np.fromfunction(checker, img.shape, dtype=int))
    np.save("f1.npy", np.fromfunction(gauss, (6, 9)) * img)
    np.save("f2.npy", np.fromfunction(checker, (k, 3)))
