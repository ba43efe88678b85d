def f(x: i32[n], s: f32) -> i32[n]:
    y = x
    if s > 0:
        y = x / 2
    return y

# Tests that a variable with different types on the paths through an if
# cannot be used after it (the error is at the use and names the if).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}if-type-change.arr:5:12: error: variable 'y' has different types on the paths through the 'if' at line 3 (f64[n] vs i32[n]); give it one type on every path to use it here
# CHECK-NEXT: {{^}}    return y
# CHECK-NEXT: {{^}}           ^{{$}}
