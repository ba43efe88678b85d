def f(a: f32, b: f32) -> bool:
    return a and b

# Tests that and/or on non-bool scalars are rejected for now (Python returns an operand).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}and-nonbool.arr:2:14: error: 'and' on non-bool scalars (f32) is not supported yet (Python returns one of the operands); compare explicitly, e.g. `x != 0`
# CHECK-NEXT: {{^}}    return a and b
# CHECK-NEXT: {{^}}             ^{{$}}
