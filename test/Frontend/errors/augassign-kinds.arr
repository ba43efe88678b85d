def f(x: u8[n], y: i8[n]) -> u8[n]:
    x[0:2] += y[0:2]
    return x

# Tests that 'same_kind' orders unsigned before signed: u8 += i8 (i16) is a
# NumPy UFuncTypeError.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}augassign-kinds.arr:2:5: error: cannot cast ufunc 'add' output from i16 to u8 with casting rule 'same_kind' (NumPy's UFuncTypeError for an in-place operation)
