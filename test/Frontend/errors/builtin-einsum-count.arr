def f(a: f32[n, 3]) -> f32:
    return np.einsum("ij,jk", a)

# Tests einsum subscripts naming another number of operands.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-einsum-count.arr:2:22: error: np.einsum(): the subscripts name 2 operand(s) but 1 were given
# CHECK-NEXT: {{^}}    return np.einsum("ij,jk", a)
# CHECK-NEXT: {{^}}                     ^{{$}}
