def f(a: f32[n, 3]) -> f32[n, 3]:
    return cumsum(a, axis=(0, 1))

# Tests that cumsum takes one axis, not a tuple.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-cumsum-axis.arr:2:28: error: cumsum(): axis must be None or an integer literal
# CHECK-NEXT: {{^}}    return cumsum(a, axis=(0, 1))
# CHECK-NEXT: {{^}}                           ^{{$}}
