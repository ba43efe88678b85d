def f(a: bool[n]) -> i64[n]:
    return where(a)

# Tests where with one argument.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-where-one.arr:2:12: error: where() with one argument (nonzero) is not supported yet
# CHECK-NEXT: {{^}}    return where(a)
# CHECK-NEXT: {{^}}           ^{{$}}
