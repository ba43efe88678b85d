# Python's math module: the compile-time errors, one part each, checked by
# the diagnostics verifier (the working forms: test/e2e/math_module.arr; the
# run-time ValueError: test/e2e/math_module_domain.arr).
# RUN: arrayc --verify-diagnostics --split-input-file --emit=ndarray %s
import math

def f(a: f64[n]) -> f64:
    # expected-error@+1 {{must be real number, not an array of shape f64[n] (math.sqrt() takes one number; np.sqrt works on arrays)}}
    return math.sqrt(a)

# -----
import math

def f(a: c128[n]) -> f64:
    # expected-error@+1 {{must be real number, not complex}}
    return math.exp(a[0])

# -----
import math

def f(a: f64[n]) -> f64:
    # expected-error@+1 {{math.atan2() takes exactly 2 arguments (1 given)}}
    return math.atan2(a[0])

# -----
import math

def f(a: f64[n]) -> f64:
    # expected-error@+1 {{math.sqrt() takes no keyword arguments}}
    return math.sqrt(x=a[0])

# -----
import math

def f(a: f64[n]) -> f64:
    # expected-error@+1 {{'math.gamma' is not supported}}
    return math.gamma(a[0])

# -----
import math

def f(a: f64[n]) -> f64:
    # expected-error@+1 {{'math.sqrt' is not a value arrayc knows}}
    g = math.sqrt
    return g(a[0])

# -----
import math

def f(a: f64[n]) -> f64:
    # expected-error@+1 {{module 'math' is not a value}}
    m = math
    return a[0]
