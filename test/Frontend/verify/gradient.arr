# np.gradient errors known at compile time, checked by the diagnostics
# verifier.
# RUN: arrayc --verify-diagnostics --split-input-file --emit=ndarray %s
import numpy as np

def f(y: f64[1]) -> f64[1]:
    # expected-error@+1 {{Shape of array too small to calculate a numerical gradient}}
    return np.gradient(y)

# -----
import numpy as np

def f(y: f64[n], x: f64[n]) -> f64[n]:
    # expected-error@+1 {{np.gradient(): coordinate arrays (non-uniform spacing) are not supported yet}}
    return np.gradient(y, x)

# -----
import numpy as np

def f(y: f64[n]) -> f64[n]:
    # expected-error@+1 {{np.gradient(): only edge_order=1 is supported yet}}
    return np.gradient(y, edge_order=2)
