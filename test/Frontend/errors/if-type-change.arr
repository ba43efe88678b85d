def f(x: i32[n], s: f32) -> i32[n]:
    y = x
    if s > 0:
        y = x / 2
    return y

# Tests that a variable may not change type across the branches of an if.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}if-type-change.arr:3:5: error: variable 'y' changes type in the 'if': f64[n] vs i32[n]
# CHECK-NEXT: {{^}}    if s > 0:
# CHECK-NEXT: {{^}}    ^{{$}}
