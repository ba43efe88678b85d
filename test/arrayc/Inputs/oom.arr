import numpy as np

def main():
    n = 2**58
    x = np.ones(n) * 2.0
    np.save("never.npy", x[:4])
