import numpy as np

def main():
    x = np.ones(2**27, dtype=np.float32)
    x[3] = 2.0
    np.save("ones.npy", x)
    np.save("ramp.npy", np.linspace(0.0, 1.0, 2**24) + np.arange(2**24))
    np.save("eye.npy", np.eye(4096))
