def f(x: f32[n]) -> f64[3]:
    return zeros(x)

# Tests a shape that is not a literal.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-shape.arr:2:18: error: zeros(): a shape must be an integer or a tuple of integer literals here (shapes from array sizes are not supported yet; use the *_like functions)
# CHECK-NEXT: {{^}}    return zeros(x)
# CHECK-NEXT: {{^}}                 ^{{$}}
