def f(z: f32[n]) -> f32[n]:
    z[1:] *= 1j
    return z

# Tests that 'same_kind' puts complex after float: f32 *= 1j (c64) is a NumPy
# UFuncTypeError, not a silent drop of the imaginary part.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}augassign-complex.arr:2:5: error: cannot cast ufunc 'multiply' output from c64 to f32 with casting rule 'same_kind' (NumPy's UFuncTypeError for an in-place operation)
