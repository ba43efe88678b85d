def f(x: f32[n]) -> f32[n]:
    for v in x:
        pass
    return x

# Tests that only range() can be iterated.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}for-iter.arr:2:14: error: only `for i in range(...)` loops are supported yet
# CHECK-NEXT: {{^}}    for v in x:
# CHECK-NEXT: {{^}}             ^{{$}}
