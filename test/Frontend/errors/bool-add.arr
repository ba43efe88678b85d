def f(x: bool[n]) -> bool[n]:
    return x + x

# Tests that bool + bool is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}bool-add.arr:2:14: error: boolean addition with `+` is not supported; use `|` for logical or
# CHECK-NEXT: {{^}}    return x + x
# CHECK-NEXT: {{^}}             ^{{$}}
