def f(a: f32, b: f32, c: f32) -> bool:
    return a < b < c

# Tests that chained comparisons are rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}parse-chained.arr:2:18: error: chained comparisons are not supported; write `(a < b) & (b < c)`
# CHECK-NEXT: {{^}}    return a < b < c
# CHECK-NEXT: {{^}}                 ^{{$}}
