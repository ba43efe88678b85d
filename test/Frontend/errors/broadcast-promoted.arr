def f(x: i32[4], y: f32[3]) -> f64[4]:
    return x - y

# Tests that a broadcast error shows the operand types as written, before promotion.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}broadcast-promoted.arr:2:14: error: operands could not be broadcast together with shapes i32[4] and f32[3]
# CHECK-NEXT: {{^}}    return x - y
# CHECK-NEXT: {{^}}             ^{{$}}
