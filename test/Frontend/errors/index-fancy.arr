def f(x: f32[n]) -> f32[n]:
    return x[[0, 1]]

# Tests that list indexing is rejected for now (index arrays work).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}index-fancy.arr:2:14: error: indexing with lists (fancy indexing) is not supported yet; index with an integer array
# CHECK-NEXT: {{^}}    return x{{\[\[}}0, 1]]
# CHECK-NEXT: {{^}}             ^{{$}}
