@vectorize
def f(x: f64) -> f64:
    return round(x, 2)


def g(a: f64[n]) -> f64[n]:
    return f(a)

# Tests that Python's round(x, ndigits) in a @vectorize body is a located error that says what to write.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}vectorize-round-ndigits.arr:3:12: error: round(x, ndigits) is not supported in a @vectorize function yet; use round(x * 10**d) / 10**d
