def f(x: f32[n]) -> bool[n]:
    return (x > 0) and (x < 1)

# Tests that and/or reject arrays and suggest the bitwise operators.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}and-array.arr:2:20: error: the truth value of an array with more than one element is ambiguous: 'and' needs a scalar, got bool[n]; use any(...) or all(...); for elementwise logic use '&'
# CHECK-NEXT: {{^}}    return (x > 0) and (x < 1)
# CHECK-NEXT: {{^}}                   ^{{$}}
