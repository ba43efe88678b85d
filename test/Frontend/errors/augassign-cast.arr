def f(x: i32[n]) -> i32[n]:
    x[0:2] += 1.5
    return x

# Tests NumPy's same_kind rule for in-place operations on an indexed target
# (a slice: one element is stored as a scalar, cast unsafely).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}augassign-cast.arr:2:5: error: cannot cast ufunc 'add' output from f64 to i32 with casting rule 'same_kind' (NumPy's UFuncTypeError for an in-place operation)
# CHECK-NEXT: {{^}}    x[0:2] += 1.5
# CHECK-NEXT: {{^}}    ^{{$}}
