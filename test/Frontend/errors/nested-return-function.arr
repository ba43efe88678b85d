def f(x: f64[n]) -> f64[n]:
    def k(a):
        return a + 1.0
    return k

# Tests that returning a nested function is refused at the name.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}nested-return-function.arr:4:12: error: returning a function is not supported: arrayc functions return arrays, numbers and tuples of them; call 'k' here instead
# CHECK-NEXT: {{^}}    return k
# CHECK-NEXT: {{^}}           ^{{$}}
