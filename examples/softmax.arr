"""Row-wise softmax of a matrix read from disk: the frontend's spine.

    python3 -c "import numpy as np; np.save('a.npy', np.random.rand(4, 5).astype(np.float32))"
    arrayc --emit=ndarray softmax.arr
"""
import numpy as np


def softmax(a: f32[r, c]) -> f32[r, c]:
    e = np.exp(a - np.max(a, axis=1, keepdims=True))
    return e / np.sum(e, axis=1, keepdims=True)


def main():
    a: f32[r, c] = np.load("a.npy")
    p = softmax(a)
    print("row sums:", np.sum(p, axis=1))
    np.save("softmax.npy", p)
