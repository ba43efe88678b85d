def f(x: f32[n]) -> f32[n]:
    while x > 1.0:
        x = x * 0.5
    return x

# Tests that a while condition must be a scalar.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}while-array-cond.arr:2:13: error: the truth value of an array with more than one element is ambiguous: 'while' needs a scalar, got bool[n]; use any(...) or all(...)
# CHECK-NEXT: {{^}}    while x > 1.0:
# CHECK-NEXT: {{^}}            ^{{$}}
