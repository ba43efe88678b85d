import numpy as np

def mm(a: f32[n, k], b: f32[k, m]) -> f32[n, m]:
    return a @ b

def main():
    a = np.random.rand(512, 256).astype(np.float32)
    b = np.random.rand(256, 128).astype(np.float32)
    w = np.array([0.5, 2.0, 4.0])
    a[0, 0] = w[1]
    c = mm(a, b)
    print(c[511, 127] + w[2])
