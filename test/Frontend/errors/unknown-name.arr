def f(x: f32[n]) -> f32[n]:
    return x + q

# Tests that an undefined name is reported at its use.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}unknown-name.arr:2:16: error: unknown name 'q'
# CHECK-NEXT: {{^}}    return x + q
# CHECK-NEXT: {{^}}               ^{{$}}
