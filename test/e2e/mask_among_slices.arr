# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# One value stored where a boolean mask on some axes is true, every index of
# the other axes (`att[:, mask] = -np.inf` of causal attention): a 2-d mask
# after ':', a 1-d mask on a middle axis, a 0-d array as the value, sizes
# known only at run time, and the array written through a view.
# INPUT: att f32 [3, 9, 9]
# INPUT: x f64 [4, 6, 5]
# OUTPUT: att
# OUTPUT: x
# OUTPUT: y
import numpy as np

def causal(att):
    T = att.shape[-1]
    mask = np.triu(np.ones((T, T), dtype=bool), k=1)
    att[:, mask] = -np.inf
    e = np.exp(att - att.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)

def main():
    att: f32[h, t, t] = np.load("att.npy")
    x: f64[a, b, c] = np.load("x.npy")
    y = causal(att)
    cols = x[0, :, 0] > 0.0
    x[:, cols] = x[1, 2, 3]
    inner = x[1:3]
    inner[:, :, x[0, 0] < 0.0] = 0.25
    np.save("att.npy", att)
    np.save("x.npy", x)
    np.save("y.npy", y)
