def f(x: f32[n]) -> (f32[n], f32[n]):
    return x

# Tests that returning the wrong number of values is an error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ret-count.arr:2:5: error: 'f' returns 1 value(s) here but its signature declares 2
# CHECK-NEXT: {{^}}    return x
# CHECK-NEXT: {{^}}    ^{{$}}
