import numpy as np

def main():
    m = np.load("m.npy")
    v = np.load("v.npy")
    r = m @ v
    print(r)
    np.save("r.npy", r)
