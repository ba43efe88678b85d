def f(a: f64[n]):
    (a + 1.0)[0] = 5.0

# Tests that a write into a temporary array is an error (NumPy discards it).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}assign-temporary.arr:2:{{[0-9]+}}: error: cannot assign into f64[n]: it is a temporary value, not a variable or a view of one (the write would be lost)
