def f(x: f32[n, m]) -> f32:
    return sum(x, axis=(0, -2))

# Tests that a repeated reduction axis is an error, as in NumPy.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}axis-dup.arr:2:28: error: duplicate value in 'axis'
# CHECK-NEXT: {{^}}    return sum(x, axis=(0, -2))
# CHECK-NEXT: {{^}}                           ^{{$}}
