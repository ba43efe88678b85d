# The aliasing errors of the frontend (reference semantics: a write through a
# name that may or may not share its array is refused), one part each,
# checked by the diagnostics verifier. Line numbers in messages count from
# the first line of the part, as mlir-opt's do.
# RUN: arrayc --verify-diagnostics --split-input-file --emit=ndarray %s

def axpy(y: f64[n], x: f64[n], a: f64):
    y += a * x

def main():
    v = np.zeros(8)
    # expected-error@+1 {{arguments 'y' and 'x' of 'axpy' share memory and 'axpy' writes to 'y'}}
    axpy(v, v, 2.0)

# -----

def f(a: f64[n], c: bool):
    b = a
    if c:
        b = a * 2.0
    # expected-error@+1 {{'b' may or may not share its array with other names after the 'if' at line 5}}
    a[0] = 1.0

# -----

def f(a: f64[n], b: f64[n], c: bool):
    if c:
        v = a[1:]
    else:
        v = b[1:]
    v[0] = 1.0  # expected-error {{it depends on the path taken}}

# -----

def heat(u: f64[n], steps: i64) -> f64[n]:
    un = u.copy()
    for t in range(steps):
        # expected-error-re@+1 {{'{{u|un}}' may or may not share its array with other names after the loop at line 5}}
        un[1:-1] = u[1:-1] + 0.1 * (u[2:] - 2.0 * u[1:-1] + u[:-2])
        u, un = un, u
    return u

# -----

# A program without errors passes with no expectations.
def g(x: f64[n]) -> f64[n]:
    y = x.copy()
    y[0] = 1.0
    return y
