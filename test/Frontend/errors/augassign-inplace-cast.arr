def f(a: i64[n]):
    a += 1.5

# Tests that an in-place operator on an array keeps its dtype: NumPy's
# UFuncTypeError for an output that does not cast 'same_kind'.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}augassign-inplace-cast.arr:2:5: error: cannot cast ufunc 'add' output from f64 to i64 with casting rule 'same_kind' (NumPy's UFuncTypeError for an in-place operation)
