def f() -> i64[3]:
    return arange(0, 3, 0)

# Tests arange with a zero step.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-arange-step.arr:2:12: error: arange(): step must not be zero
# CHECK-NEXT: {{^}}    return arange(0, 3, 0)
# CHECK-NEXT: {{^}}           ^{{$}}
