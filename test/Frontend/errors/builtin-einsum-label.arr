def f(a: f32[n, 3]) -> f32[n]:
    return einsum("ij->k", a)

# Tests an output label missing from the inputs.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-einsum-label.arr:2:19: error: einsum(): output subscript 'k' does not appear in the inputs
# CHECK-NEXT: {{^}}    return einsum("ij->k", a)
# CHECK-NEXT: {{^}}                  ^{{$}}
