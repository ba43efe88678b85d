def f(x: f32[5], m: bool[4]) -> f32[5]:
    x[m] = 0.0
    return x

# Tests that a mask whose static size differs from the array's is NumPy's
# IndexError at compile time.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}index-mask-shape.arr:2:6: error: boolean index did not match indexed array along dimension 0; dimension is 5 but corresponding boolean dimension is 4 (NumPy's IndexError)
