# Nested functions: what stays refused, each part checked by the
# diagnostics verifier (the working forms: test/e2e/nested_functions.arr,
# test/Frontend/nested-functions.arr; the locations with their columns:
# test/Frontend/errors/nested-nonlocal.arr). Line numbers in messages
# (and in the hidden names, `k@6:5`) count from the first line of the part.
# RUN: arrayc --verify-diagnostics --split-input-file --emit=ndarray %s

def f(x: f64[n]) -> f64[n]:
    total = 0.0
    def add(a):
        # expected-error@+1 {{'nonlocal' is not supported: a nested function reads the enclosing function's variables (their values at the call) but cannot rebind them; return the new value instead}}
        nonlocal total
        total = total + a.sum()
    add(x)
    return x * total

# -----
def f(x: f64[n]) -> f64[n]:
    def k(a):
        return a + 1.0
    # expected-error@+1 {{returning a function is not supported: arrayc functions return arrays, numbers and tuples of them; call 'k' here instead}}
    return k

# -----
def f(x: f64[n]):
    def k(a):
        return a + 1.0
    # expected-error@+1 {{returning a function is not supported}}
    return x, k

# -----
def f(x: f64[n]) -> f64:
    def total(a):
        if a.shape[0] == 0:
            return 0.0
        # expected-error@+1 {{recursive call to 'total': recursion is not supported}}
        return a[0] + total(a[1:])
    return total(x)

# -----
import numpy as np

def f(x: f64[n]) -> f64[a, b]:
    c = 2.0
    # expected-error@+1 {{'lambda' reads 'c' of the enclosing function 'f', so it can only be called here, not used as a value (returned, passed or stored)}}
    return np.fromfunction(lambda i, j: i * c + j, (3, 4))

# -----
def apply(g, a):
    return g(a)

def f(x: f64[n]) -> f64[n]:
    s = 2.0
    def k(a):
        return a * s
    # expected-error@+1 {{'k' reads 's' of the enclosing function 'f', so it can only be called here, not used as a value}}
    return apply(k, x)

# -----
def apply(g, a):
    return g(a)

def f(x: f64[n]) -> f64[n]:
    def k(a):
        return a + 1.0
    # expected-error@+1 {{'k@6:5' is a function; functions are not values, call it}}
    return apply(k, x)

# -----
def f(x: f64[n]) -> f64[n]:
    s = 1.0
    def g(a):
        return a * s
    def h(a):
        s = 3.0
        # expected-error@+1 {{'g' reads 's' of 'f', but 'h', which calls it, has its own 's'; give them different names}}
        return g(a) + s
    return h(x)

# -----
def f(x: f64[n]) -> f64[n]:
    s = 1.0
    # expected-error@+1 {{the default value of parameter 'b' of 'g' reads 's' of the enclosing function; read it in the body instead}}
    def g(a, b=s):
        return a * b
    return g(x)

# -----
def f(x: f64[n]) -> f64[n]:
    def g(a):
        return a
    # expected-error@+1 {{'g' names both a nested function (line 3) and a variable of 'f'; give them different names}}
    g = 3
    return x

# -----
def f(x: f64[n]) -> f64[n]:
    def g(a):
        return a
    # expected-error@+1 {{function 'g' is already defined in 'f' at line 3; give this one another name}}
    def g(a):
        return a + 1.0
    return g(x)

# -----
def f(x: f64[n]) -> f64[n]:
    def g(a: f32[k]) -> f32[k]:
        return a
    # expected-error@+1 {{argument 'a' of 'g' expects f32[k], got f64[n] (calls do not convert types)}}
    return g(x)

# -----
def f(x: f64[n]) -> f64[n]:
    # expected-error@+1 {{a decorated function must be defined at module level, not inside a function}}
    @vectorize
    def g(a):
        return a
    return g(x)

# -----
def f(x: f64[n]) -> f64[n]:
    total = 0.0
    def add(a):
        # expected-error@+1 {{'total' is assigned in 'add', so it is that function's own variable (Python's rule), read here before it is assigned; a nested function cannot rebind the enclosing function's 'total' (nonlocal is not supported): return the new value instead}}
        total += a.sum()
        return total
    return x * add(x)

# -----
def f(x: f64[n]) -> f64:
    xs = [1.0]
    def push(a):
        # expected-error@+1 {{appending to 'xs' of the enclosing function in 'push' is not supported (arrayc's lists are values: the enclosing function would not see it); return the items instead}}
        xs.append(a)
    push(x[0])
    return xs[0]

# -----
# A nested def in a loop over a tuple display is one function per item; with
# a break, which one the name means after it would depend on the run.
def f(x: f64[n]) -> f64[n]:
    for k in (1.0, 2.0):
        if x.sum() > k:
            break
        # expected-error@+1 {{a nested function defined in a loop over a tuple or list display that may 'break' or 'continue' is not supported (the loop is unrolled, and which item's function its name means would depend on the run); define it before the loop}}
        def g(a):
            return a * k
        x = g(x)
    return x
