def f(a: bool[n]) -> bool[n]:
    return sign(a)

# Tests sign of bool (no NumPy loop).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-sign-bool.arr:2:12: error: ufunc 'sign' did not contain a loop with signature matching types bool
# CHECK-NEXT: {{^}}    return sign(a)
# CHECK-NEXT: {{^}}           ^{{$}}
