# The 30-second example: a function and a program that uses it.
import numpy as np

def sqdiff(x: f32[n], y: f32[n]) -> f32[n]:
    return (x - y) * (x - y)

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[n] = np.load("y.npy")
    d = sqdiff(x, y)
    print("sum of squared differences:", np.sum(d))
    print(d)
    np.save("sqdiff.npy", d)
