def f(x: f32[3]) -> f32[4, 2]:
    return np.broadcast_to(x, (4, 2))

# Tests that broadcast_to an incompatible shape is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}broadcast-to.arr:2:12: error: operands could not be broadcast together with remapped shapes: f32[3] and requested shape f32[4, 2]
# CHECK-NEXT: {{^}}    return np.broadcast_to(x, (4, 2))
# CHECK-NEXT: {{^}}           ^{{$}}
