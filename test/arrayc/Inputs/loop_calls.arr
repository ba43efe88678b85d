import numpy as np

def loop_calls(x: f64[n], steps: i64) -> f64[n]:
    y = x * 1.0
    for i in range(steps):
        j = i % len(x)
        y[j] = 0.5 * np.sum(y[:j + 1])
    return y
