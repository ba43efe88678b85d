def f(x: f64[n]) -> f64[n]:
    return ~x

# Tests that ~ rejects floats as numpy.invert does.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}invert-float.arr:2:12: error: ufunc 'invert' not supported for the input types (f64[n]): it needs integers or bools
# CHECK-NEXT: {{^}}    return ~x
# CHECK-NEXT: {{^}}           ^{{$}}
