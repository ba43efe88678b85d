import numpy as np

def sqdiff(x: f32[n], y: f32[n]) -> f32[n]:
    return (x - y) * (x - y)

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[n] = np.load("y.npy")
    d = sqdiff(x, y)
    print(np.sum(d))
    np.save("d.npy", d)
