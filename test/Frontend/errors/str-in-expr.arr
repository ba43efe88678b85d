def f(x: f32) -> f32:
    return x + 'a'

# Tests that strings are not arithmetic operands.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}str-in-expr.arr:2:14: error: unsupported operand type for '+': a string
# CHECK-NEXT: {{^}}    return x + 'a'
# CHECK-NEXT: {{^}}             ^{{$}}
