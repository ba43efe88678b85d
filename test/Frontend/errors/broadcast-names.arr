def f(x: f32[n, 2], y: f32[n, 3]) -> f32[n, 3]:
    return x + y

# Tests that static sizes that differ do not broadcast (named dims elsewhere
# in the shapes); both shapes are shown.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}broadcast-names.arr:2:14: error: operands could not be broadcast together with shapes f32[n, 2] and f32[n, 3]
# CHECK-NEXT: {{^}}    return x + y
# CHECK-NEXT: {{^}}             ^{{$}}
