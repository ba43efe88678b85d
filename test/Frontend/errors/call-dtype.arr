def g(x: f32[n]) -> f32[n]:
    return x
def f(x: f64[n]) -> f32[n]:
    return g(x)

# Tests that calls do not promote dtypes.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}call-dtype.arr:4:14: error: argument 'x' of 'g' expects f32[n], got f64[n] (calls do not convert types)
# CHECK-NEXT: {{^}}    return g(x)
# CHECK-NEXT: {{^}}             ^{{$}}
