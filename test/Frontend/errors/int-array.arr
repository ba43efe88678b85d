def f(x: f64[n]) -> i64:
    return int(x)

# Tests that int() of an array that is not 0-d is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}int-array.arr:2:16: error: only 0-d arrays can be converted to Python scalars; got f64[n]
# CHECK-NEXT: {{^}}    return int(x)
# CHECK-NEXT: {{^}}               ^{{$}}
