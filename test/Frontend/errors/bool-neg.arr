def f(x: bool[n]) -> bool[n]:
    return -x

# Tests that unary minus on bool is rejected with NumPy's message.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}bool-neg.arr:2:12: error: the numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead
# CHECK-NEXT: {{^}}    return -x
# CHECK-NEXT: {{^}}           ^{{$}}
