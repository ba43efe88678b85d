def f(x: f32[n]) -> f64[3]:
    return zeros(x)

# Tests a shape that is an array, not sizes.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-shape.arr:2:18: error: zeros(): a shape must be integers (literals, integer scalars, sizes of arrays such as `x.shape[0]`), got f32{{\[}}n]
# CHECK-NEXT: {{^}}    return zeros(x)
# CHECK-NEXT: {{^}}                 ^{{$}}
