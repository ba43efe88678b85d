def f(a: f32[n, 3]) -> f32[n]:
    return cumsum(a)

# Tests cumsum without axis of a 2-d array.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-cumsum-flat.arr:2:12: error: cumsum() without axis flattens, which is supported only for 1-d arrays yet; pass axis=
# CHECK-NEXT: {{^}}    return cumsum(a)
# CHECK-NEXT: {{^}}           ^{{$}}
