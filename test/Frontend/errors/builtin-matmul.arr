def f(a: f32[n, 3], b: f32[4, m]) -> f32[n, m]:
    return a @ b

# Tests mismatched core dimensions of @.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-matmul.arr:2:14: error: matmul: Input operand 1 has a mismatch in its core dimension 0 (size 4 is different from 3): f32{{\[}}n, 3] @ f32{{\[}}4, m]
# CHECK-NEXT: {{^}}    return a @ b
# CHECK-NEXT: {{^}}             ^{{$}}
