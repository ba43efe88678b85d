def f(x: f32[n]) -> f32[n]:
    for v in (1.0, 2.0):
        x += v
    return x

# Tests that loops over tuple or list literals are rejected at the literal.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}for-iter.arr:2:15: error: loops over a tuple or list are not supported; loop over an array or range(...)
# CHECK-NEXT: {{^}}    for v in (1.0, 2.0):
# CHECK-NEXT: {{^}}              ^{{$}}
