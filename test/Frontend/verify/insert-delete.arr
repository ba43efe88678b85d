# np.insert / np.delete errors known at compile time (NumPy's messages, or
# what is not supported yet), checked by the diagnostics verifier.
# RUN: arrayc --verify-diagnostics --split-input-file --emit=ndarray %s
import numpy as np

def f(x: f64[4]) -> f64[5]:
    # expected-error@+1 {{index 5 is out of bounds for axis 0 with size 4}}
    return np.insert(x, 5, 1.0)

# -----
import numpy as np

def f(x: f64[4]) -> f64[3]:
    # expected-error@+1 {{index 4 is out of bounds for axis 0 with size 4}}
    return np.delete(x, 4)

# -----
import numpy as np

def f(x: f64[n]) -> f64[m]:
    # expected-error@+1 {{np.delete() at several indices (a sequence or slice obj) is not supported yet}}
    return np.delete(x, [0, 2])

# -----
import numpy as np

def f(x: f64[n], i: f64) -> f64[m]:
    # expected-error@+1 {{np.insert(): obj must be an integer index, got}}
    return np.insert(x, i, 0.0)

# -----
import numpy as np

def f(X: f64[3, 2]) -> f64[4, 2]:
    # expected-error@+1 {{could not broadcast input array from shape f64[1, 3] into the inserted slot of f64[3, 2]}}
    return np.insert(X, 0, np.ones(3), axis=0)
