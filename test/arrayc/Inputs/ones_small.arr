import numpy as np

def main():
    x = np.ones(16, dtype=np.float32)
    x[3] = 2.0
    np.save("ones.npy", x)
    np.save("ramp.npy", np.linspace(0.0, 1.0, 16) + np.arange(16))
    np.save("eye.npy", np.eye(4))
