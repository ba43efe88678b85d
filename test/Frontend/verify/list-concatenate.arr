# Joining a list variable whose emptiness or shape is known at compile time:
# NumPy's errors, checked by the diagnostics verifier.
# RUN: arrayc --verify-diagnostics --split-input-file --emit=ndarray %s
import numpy as np

def f() -> f64[m]:
    xs = []
    # expected-error@+1 {{need at least one array to concatenate}}
    return np.concatenate(xs)

# -----
import numpy as np

def f(k: i64) -> f64[m]:
    xs = []
    for i in range(k):
        xs.append(i * 0.5)
    # expected-error@+1 {{zero-dimensional arrays cannot be concatenated}}
    return np.concatenate(xs)

# -----
import numpy as np

def f(k: i64) -> f64[m]:
    xs = []
    for i in range(k):
        xs.append(np.ones(3) * i)
    # expected-error@+1 {{axis 1 is out of bounds for array of dimension 1}}
    return np.concatenate(xs, axis=1)
