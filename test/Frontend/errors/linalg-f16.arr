def f(a: f16[3, 3]) -> f16:
    return linalg.det(a)

# Tests that linalg rejects float16 as NumPy does (TypeError there).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-f16.arr:2:23: error: linalg.det: array type float16 is unsupported in linalg
# CHECK-NEXT: {{^}}    return linalg.det(a)
# CHECK-NEXT: {{^}}                      ^{{$}}
