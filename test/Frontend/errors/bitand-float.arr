def f(x: f32[n]) -> f32[n]:
    return x & 2

# Tests that bitwise operators reject floats as NumPy's ufuncs do.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}bitand-float.arr:2:14: error: ufunc 'bitwise_and' not supported for the input types (f32[n] and a Python int): it needs integers or bools
# CHECK-NEXT: {{^}}    return x & 2
# CHECK-NEXT: {{^}}             ^{{$}}
