def f(a: f64[n], c: bool):
    b = a
    if c:
        b = a * 2.0
    a[0] = 1.0

# Tests that a write to an array that another name may or may not share
# after an 'if' is an error too (NumPy's b sees it on one path only).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}alias-if-shared.arr:5:6: error: 'b' may or may not share its array with other names after the 'if' at line 3
