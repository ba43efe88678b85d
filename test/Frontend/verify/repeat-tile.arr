# The compile-time errors of np.repeat and np.tile (NumPy's messages where
# NumPy has one), one part each, checked by the diagnostics verifier.
# RUN: arrayc --verify-diagnostics --split-input-file --emit=ndarray %s

def f(x: f64[4]):
    # expected-error@+1 {{operands could not be broadcast together with shape (4,) (3,)}}
    return np.repeat(x, np.array([1, 2, 3]))

# -----

def f(x: f64[n]):
    # expected-error@+1 {{negative dimensions are not allowed}}
    return np.repeat(x, -2)

# -----

def f(x: f64[n], r: f64[n]):
    # expected-error@+1 {{Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'}}
    return np.repeat(x, r)

# -----

def f(x: f64[n], r: u64[n]):
    # expected-error@+1 {{Cannot cast array data from dtype('uint64') to dtype('int64') according to the rule 'safe'}}
    return x.repeat(r)

# -----

def f(x: f64[n], r: i64[n, 2]):
    # expected-error@+1 {{object too deep for desired array}}
    return np.repeat(x, r)

# -----

def f(x: f64[n], k: f64):
    # expected-error@+1 {{np.repeat(): repeats must be integers, got}}
    return np.repeat(x, k)

# -----

def f(x: f64[n], r: i64[m]):
    # expected-error@+1 {{np.tile(): reps of a length known only at run time (i64[m]): the result's rank must be known when compiling; pass a tuple}}
    return np.tile(x, r)

# -----

def f(x: f64[n], k: i64):
    # expected-error@+1 {{negative dimensions are not allowed}}
    return np.tile(x, (k, -1))
