import numpy as np

def main():
    x = np.ones(16, dtype=np.float32)
    x[3] = 2.0
    np.save("ones.npy", x)
