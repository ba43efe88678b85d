def f(x: f32[n]) -> f32[k]:
    return x

# Tests that a result dim must come from a parameter.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}result-dim.arr:1:24: error: dimension 'k' in the result of 'f' does not appear in its parameters
# CHECK-NEXT: {{^}}def f(x: f32[n]) -> f32[k]:
# CHECK-NEXT: {{^}}                       ^{{$}}
