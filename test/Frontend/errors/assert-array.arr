def f(x: f32[n]) -> f32[n]:
    assert x > 0, "positive"
    return x

# Tests that assert needs a scalar condition.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}assert-array.arr:2:14: error: the truth value of an array with more than one element is ambiguous: 'assert' needs a scalar, got bool[n]; use any(...) or all(...)
# CHECK-NEXT: {{^}}    assert x > 0, "positive"
# CHECK-NEXT: {{^}}             ^{{$}}
