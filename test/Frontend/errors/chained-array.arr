def f(a: f32[n], b: f32[n], c: f32[n]) -> bool[n]:
    return a < b < c

# Tests that a chained comparison of arrays is ambiguous, as in NumPy.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}chained-array.arr:2:14: error: a chained comparison of arrays is ambiguous in Python/NumPy (it needs the truth value of f32[n]); write `(a < b) & (b < c)`
# CHECK-NEXT: {{^}}    return a < b < c
# CHECK-NEXT: {{^}}             ^{{$}}
