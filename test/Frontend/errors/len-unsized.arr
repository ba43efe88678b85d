def f(x: f32) -> i64:
    return len(x)

# Tests that len() of a 0-d array is an error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}len-unsized.arr:2:12: error: len() of unsized object (f32)
# CHECK-NEXT: {{^}}    return len(x)
# CHECK-NEXT: {{^}}           ^{{$}}
