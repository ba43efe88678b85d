def main():
    x = np.arange(6, dtype=np.float32).reshape((2, 3))
    print(np.sum(x * x, axis=1))
