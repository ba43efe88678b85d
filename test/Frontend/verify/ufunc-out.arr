# NumPy's out= and where= on ufuncs: the errors, one part each, checked by
# the diagnostics verifier (the working forms: test/e2e/ufunc_out_where.arr).
# RUN: arrayc --verify-diagnostics --split-input-file --emit=ndarray %s

def f(a: f64[n], d: f64[n]) -> f64[n]:
    # expected-error@+1 {{without out= leaves the result uninitialized where the condition is false}}
    return np.divide(a, d, where=d != 0)

# -----

def f(a: f64[n], c: i64[n]):
    # expected-error@+1 {{cannot cast ufunc 'divide' output from f64 to i64 with casting rule 'same_kind'}}
    np.divide(a, 2.0, out=c)

# -----

def f(a: f64[4, 3], o: f64[3]):
    # expected-error@+1 {{non-broadcastable output operand with shape f64[3] doesn't match the broadcast shape}}
    np.add(a, 1.0, out=o)

# -----

def f(a: f64[n], o: f64[n]):
    # expected-error@+1 {{where= must be a boolean array or a bool}}
    np.add(a, 1.0, out=o, where=a)

# -----

def f(a: f64[n]):
    # expected-error@+1 {{out= must be one array (or a tuple of one)}}
    np.add(a, 1.0, out=2.0)
