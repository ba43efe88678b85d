def f(x: f32[n]) -> f32[n]:
    if x > 0:
        x = x * 2.0
    return x

# Tests that an if condition must be a scalar (NumPy: truth value ambiguous).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}if-array-cond.arr:2:10: error: the truth value of an array with more than one element is ambiguous: 'if' needs a scalar, got bool[n]; use any(...) or all(...)
# CHECK-NEXT: {{^}}    if x > 0:
# CHECK-NEXT: {{^}}         ^{{$}}
