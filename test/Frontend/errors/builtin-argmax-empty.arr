def f(a: f32[0, 3]) -> i64[3]:
    return argmax(a, axis=0)

# Tests argmax of a static empty axis.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-argmax-empty.arr:2:12: error: attempt to get argmax of an empty sequence
# CHECK-NEXT: {{^}}    return argmax(a, axis=0)
# CHECK-NEXT: {{^}}           ^{{$}}
