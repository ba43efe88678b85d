def f(x: bool[n]) -> bool[n]:
    return not x

# Tests that not rejects arrays.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}not-array.arr:2:12: error: the truth value of an array with more than one element is ambiguous: 'not' needs a scalar, got bool[n]; use any(...) or all(...); for elementwise logic use '~'
# CHECK-NEXT: {{^}}    return not x
# CHECK-NEXT: {{^}}           ^{{$}}
