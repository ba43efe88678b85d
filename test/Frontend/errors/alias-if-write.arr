def f(a: f64[n], b: f64[n], c: bool):
    if c:
        v = a[1:]
    else:
        v = b[1:]
    v[0] = 1.0

# Tests that a write through a name whose array depends on the branch taken
# is an error naming the 'if' (NumPy's answer depends on the run-time path).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}alias-if-write.arr:6:6: error: 'v' may or may not share its array with other names after the 'if' at line 2 (it depends on the path taken); writing through it, or to an array it may share, would differ from NumPy: bind it to the same array on every path, or copy (`.copy()`, `x[...] = y`)
# CHECK-NEXT: {{^}}    v[0] = 1.0
