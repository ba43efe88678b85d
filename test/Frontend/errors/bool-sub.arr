def f(x: bool[n], y: bool[n]) -> bool[n]:
    return x - y

# Tests that bool - bool is rejected with NumPy's message.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}bool-sub.arr:2:14: error: numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead
# CHECK-NEXT: {{^}}    return x - y
# CHECK-NEXT: {{^}}             ^{{$}}
