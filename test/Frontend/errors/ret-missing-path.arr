def f(x: f32[n], k: i64) -> (f32[n], i64):
    if k > 0:
        return x, k
    elif k < 0:
        return -x, k

# Tests that a path without a return (here: k == 0) in a function with results
# is an error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ret-missing-path.arr:2:5: error: function 'f' can reach its end without a 'return' (Python would return None) but its signature declares (f32[n], i64)
# CHECK-NEXT: {{^}}    if k > 0:
# CHECK-NEXT: {{^}}    ^{{$}}
