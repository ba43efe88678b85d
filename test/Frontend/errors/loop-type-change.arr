def f(x: i32[n]) -> i32[n]:
    y = x
    for i in range(3):
        y = y / 2
    return y

# Tests that a variable may not change type across loop iterations.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}loop-type-change.arr:4:9: error: variable 'y' changes type in the loop: i32[n] vs f64[n]
# CHECK-NEXT: {{^}}        y = y / 2
# CHECK-NEXT: {{^}}        ^{{$}}
