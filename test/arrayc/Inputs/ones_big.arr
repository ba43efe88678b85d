import numpy as np

def main():
    x = np.ones(2**27, dtype=np.float32)
    x[3] = 2.0
    np.save("ones.npy", x)
