def f(x: f32[n, m]) -> f32:
    return sum(x, axis=2)

# Tests that an out-of-range axis is reported with NumPy's message.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}axis-oob.arr:2:24: error: axis 2 is out of bounds for array of dimension 2
# CHECK-NEXT: {{^}}    return sum(x, axis=2)
# CHECK-NEXT: {{^}}                       ^{{$}}
